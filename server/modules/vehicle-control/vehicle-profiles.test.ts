// Vehicle profiles: the seeded set in the spec's proportions, matching by brand/model/variant, and saving.
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { findVehicleProfile, listVehicleProfiles, saveVehicleProfile } from "./vehicle-profiles";

describe.each(databaseKinds())("vehicle profiles on %s", (kind) => {
  useTestDatabase(kind);

  it("are seeded in about the spec's support shares", async () => {
    const profiles = await listVehicleProfiles();
    expect(profiles.length).toBeGreaterThanOrEqual(20);
    const share = (pick: (p: (typeof profiles)[number]) => boolean) => profiles.filter(pick).length / profiles.length;
    // spec: lock and unlock 77%, trunk 47%, engine lock 55%, comfort closure 31%, horn 16%, turn signals 94%
    expect(share((p) => p.lock)).toBeCloseTo(0.77, 1);
    expect(share((p) => p.trunk)).toBeCloseTo(0.47, 1);
    expect(share((p) => p.immobilise)).toBeCloseTo(0.55, 1);
    expect(share((p) => p.comfortClosure)).toBeCloseTo(0.31, 1);
    expect(share((p) => p.horn)).toBeCloseTo(0.16, 1);
    expect(share((p) => p.turnSignals)).toBeCloseTo(0.94, 1);
  });

  it("matches case-insensitively, the exact variant first, else the model's default row", async () => {
    await saveVehicleProfile({ brand: "Skoda", model: "Octavia", variant: "RS", lock: true, unlock: true, trunk: false });
    expect(await findVehicleProfile({ brand: "SKODA", model: "octavia", variant: null })).toMatchObject({ variant: "", trunk: true });
    expect(await findVehicleProfile({ brand: "Skoda", model: "Octavia", variant: "rs" })).toMatchObject({ variant: "RS", trunk: false });
    expect(await findVehicleProfile({ brand: "Skoda", model: "Octavia", variant: "Scout" })).toMatchObject({ variant: "" });
    expect(await findVehicleProfile({ brand: "Skoda", model: null, variant: null })).toBeNull();
    expect(await findVehicleProfile({ brand: "Lada", model: "Niva", variant: null })).toBeNull();
  });

  it("replaces the capabilities of an existing row instead of adding one, and validates names", async () => {
    const before = (await listVehicleProfiles()).length;
    const saved = await saveVehicleProfile({ brand: "toyota", model: "yaris", trunk: true, lock: true, unlock: true });
    expect(saved).toMatchObject({ brand: "Toyota", model: "Yaris", trunk: true, horn: false });
    expect((await listVehicleProfiles()).length).toBe(before);
    await expect(saveVehicleProfile({ brand: " ", model: "X" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
