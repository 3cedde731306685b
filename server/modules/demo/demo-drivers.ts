// The demo's drivers and their iButton keys. The seed makes the drivers and puts each key on the authorised drivers
// list of the vehicles the driver drives (demo-vehicles.ts `drivers`); the simulated trackers carry the key in their
// records (IO 78) while the driver is in, so trips, the trips report's driver column and the driver scorecards name
// them (docs/operations.md "The demo").

/**
 * the keys are DS1990A-shaped, as the tracker reports them (16 hex digits, wire byte order): family code 01, the
 * 48-bit serial least significant byte first, then the key's CRC-8 (Dallas/Maxim) over those seven bytes
 */
export const DEMO_DRIVERS = [
  { name: "Ona Kazlauskienė", email: "ona@demo.fleetline.local", phone: "+37060000401", keyId: "0101040000E00D9D" },
  { name: "Rūta Vaitkutė", email: "ruta@demo.fleetline.local", phone: "+37060000402", keyId: "0102040000E00DC4" },
  { name: "Jonas Petraitis", email: "jonas@demo.fleetline.local", phone: "+37060000403", keyId: "0103040000E00DF3" },
  { name: "Tomas Žukauskas", email: "tomas@demo.fleetline.local", phone: "+37060000404", keyId: "0104040000E00D76" },
] as const;

export type DemoDriverName = (typeof DEMO_DRIVERS)[number]["name"];

export function demoDriver(name: DemoDriverName): (typeof DEMO_DRIVERS)[number] {
  return DEMO_DRIVERS.find((driver) => driver.name === name)!;
}
