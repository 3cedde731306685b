// The CAN adapter of a simulated Teltonika vehicle, answering the Codec 12 commands vehicle control sends
// (docs/vehicle-control.md) as a CAN-CONTROL does, with the answer texts of the Teltonika wiki where it gives them
// (as server/testing/can-adapter-device.ts, the tests' adapter, does): the program number and adapter info for
// provisioning, and the door commands, whose effect the vehicle then reports in its records (AVL 662,
// canSsfCarIsClosed), so a lock is confirmed both by the answer and by the vehicle's state. Commands it does not know
// are answered as an FMB answers them, so the server's command never waits for its timeout.

/** the adapter software's date, YYMMDD: newer than any scheme date, so provisioning a number is accepted */
const SOFTWARE_DATE = "250101";

export class SimulatedCanAdapter {
  /** whether the central lock is closed, as the vehicle reports it */
  closed = true;

  constructor(public programNumber: number) {}

  /** the device's answer to a Codec 12 command */
  answer(command: string): string {
    const [name = "", argument] = command.trim().split(/\s+/);
    switch (name) {
      case "lvcangetprog":
        return `CAN Program Nr: ${this.programNumber}`;
      case "lvcangetinfo":
        return `Prog:${this.programNumber} SWDate:${SOFTWARE_DATE} SWRev:245 KernVer:0x5A Opt:0x0A ID:0x539B16512B684B21 ST:0x00`;
      case "lvcansetprog":
        if (argument && /^\d{3,5}$/.test(argument)) this.programNumber = Number(argument);
        return `Program number set: ${argument ?? ""}`;
      case "lvcanclosealldoors":
        this.closed = true;
        return `${name}: OK`;
      case "lvcanopenalldoors":
        this.closed = false;
        return `${name}: OK`;
      case "lvcanopentrunk":
      case "lvcanblockengine":
        return `${name}: OK`;
      default:
        return "Command not supported";
    }
  }
}
