// The IMEI_TAKEN error: an IMEI is fitted to at most one asset (create and update report a clash the same way).
import { AppError } from "../../errors";

export function imeiTaken(imei: string): AppError {
  return new AppError("IMEI_TAKEN", `IMEI ${imei} is already fitted to another asset`, [
    { field: "imei", message: "already in use" },
  ]);
}
