// Temporary: IMEI rules now live in server/modules/assets/imei.ts. Only the Teltonika listeners still import this
// path, because branch `protocols` replaces them; the integrator deletes this file and points their imports at
// "../modules/assets/imei" after merging it.
export { imeiCheckDigit, imeiFrom, isValidImei } from "../modules/assets/imei";
