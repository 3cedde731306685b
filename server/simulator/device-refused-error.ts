// What every simulated device link throws when the server does not know the device: resending cannot help, so the
// simulator stops that vehicle instead of retrying forever.
export class DeviceRefusedError extends Error {
  constructor(readonly imei: string) {
    super(`the server does not know IMEI ${imei} (provision it first)`);
    this.name = "DeviceRefusedError";
  }
}
