// Vehicle control end to end: the REST route handlers, the real tracker service on a TCP port, and an emulated FMB
// with a CAN adapter that speaks real Teltonika frames (server/testing/can-adapter-device.ts).
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getRequest, makeAccount, makeMember, makeToken, routeContext } from "@/server/testing/http-fixtures";
import { createOAuthClient } from "@/server/modules/oauth/create-oauth-client";
import { forgetOAuthClient } from "@/server/modules/oauth/find-active-oauth-client";
import { issueAccessToken } from "@/server/modules/oauth/issue-access-token";
import { createMemoryHub, setHub, type Hub } from "@/server/hub";
import { createAsset } from "@/server/modules/assets/create-asset";
import { CanAdapterDevice, type CanAdapterOptions } from "@/server/testing/can-adapter-device";
import { freePort } from "@/server/testing/free-port";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { Gt06TestDevice, testFix } from "@/server/testing/gt06-test-device";
import { testImei } from "@/server/testing/test-imei";
import { startTrackerService, type TrackerService } from "@/server/tracker/tracker-service";
import { POST as postControl } from "@/app/api/[accountKey]/asset/[assetId]/control/route";
import { GET as getCapabilities } from "@/app/api/[accountKey]/asset/[assetId]/control/capabilities/route";
import { GET as getCommand } from "@/app/api/[accountKey]/asset/[assetId]/control/[commandId]/route";
import {
  GET as getProgramNumber,
  POST as postProgramNumber,
} from "@/app/api/[accountKey]/asset/[assetId]/control/program-number/route";
import { GET as getCommands } from "@/app/api/[accountKey]/tracker/[trackerId]/commands/route";
import { setControlSettings } from "./control-settings";
import { sendControlCommand } from "./send-control-command";

const json = (path: string, token: string, body: unknown) =>
  new Request(`http://fleetline.test${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe.each(databaseKinds())("vehicle control on %s", (kind) => {
  const t = useTestDatabase(kind);
  let hub: Hub;
  let service: TrackerService;
  let account: Awaited<ReturnType<typeof makeAccount>>;
  let token: string;
  const devices: CanAdapterDevice[] = [];

  beforeAll(async () => {
    hub = createMemoryHub();
    setHub(hub);
    // short answer time so that a silent device's command expires within the test
    setControlSettings({ answerTimeoutMs: 1_500 });
    service = await startTrackerService({
      prisma: t.db,
      sql: t.database.sql,
      hub,
      host: "127.0.0.1",
      teltonikaPort: await freePort(),
      gt06Port: await freePort(),
      embedded: kind === "embedded",
      logger: pino({ level: "silent" }),
    });
    account = await makeAccount("Control");
    token = (await makeToken(account.id)).token;
  });
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.close()));
  });
  afterAll(async () => {
    await service?.stop();
    setControlSettings(undefined);
    setHub(undefined);
    await hub?.close();
  });

  interface Vehicle {
    assetId: number;
    trackerId: number;
    device: CanAdapterDevice | null;
  }

  /** an asset with a tracker and adapter; its emulated device connected and reporting once (unless `offline`) */
  async function vehicle(options: {
    adapter?: string;
    brand?: string;
    model?: string;
    variant?: string;
    device?: CanAdapterOptions;
    offline?: boolean;
    state?: { speed?: number; ignition?: boolean | null; closed?: boolean; at?: number };
  }): Promise<Vehicle> {
    const imei = testImei();
    const { id, trackerId } = await createAsset({
      accountId: account.id,
      name: `Car ${imei.slice(-4)}`,
      imei,
      adapter: options.adapter ?? null,
      brand: options.brand ?? "Volkswagen",
      model: options.model ?? "Golf",
      variant: options.variant,
    });
    const device = await CanAdapterDevice.connect(service.tcpPort!, imei, { programNumber: 1247, ...options.device });
    devices.push(device);
    expect(await device.report({ speed: 0, ignition: false, closed: false, ...options.state })).toBe(1);
    // the adapter's report is recorded off the acknowledgement path
    await expect
      .poll(async () => (await t.db.tracker.findUniqueOrThrow({ where: { id: trackerId! } })).adapterProgramReportedAt)
      .not.toBeNull();
    if (options.offline) {
      await device.close();
      devices.splice(devices.indexOf(device), 1);
      await expect.poll(() => service.sessions.isOnline(trackerId!)).toBe(false); // the server has seen it go
    }
    return { assetId: id, trackerId: trackerId!, device: options.offline ? null : device };
  }

  const capabilities = async (assetId: number) => {
    const response = await getCapabilities(
      getRequest(`/api/${account.key}/asset/${assetId}/control/capabilities`, token),
      routeContext({ accountKey: account.key, assetId: String(assetId) }),
    );
    return { status: response.status, body: await response.json() };
  };

  const control = async (assetId: number, body: unknown, who = token) => {
    const response = await postControl(
      json(`/api/${account.key}/asset/${assetId}/control`, who, body),
      routeContext({ accountKey: account.key, assetId: String(assetId) }),
    );
    return { status: response.status, body: await response.json() };
  };

  const command = async (assetId: number, commandId: number) => {
    const response = await getCommand(
      getRequest(`/api/${account.key}/asset/${assetId}/control/${commandId}`, token),
      routeContext({ accountKey: account.key, assetId: String(assetId), commandId: String(commandId) }),
    );
    return { status: response.status, body: await response.json() };
  };

  const stateOf = async (assetId: number, commandId: number) => (await command(assetId, commandId)).body.data.state;

  it("answers the capabilities of a controllable vehicle in the spec's shape", async () => {
    const car = await vehicle({ adapter: "can-control-immo" });
    const { status, body } = await capabilities(car.assetId);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "success",
      data: {
        adapter: "can-control-immo",
        program_number: 1247,
        line_status: "ok",
        profile: {
          variant: "",
          brand: "Volkswagen",
          model: "Golf",
          comfort_closure: true,
          capabilities: { LOCK: true, UNLOCK: true, TRUNK: true, IMMOBILISE: true, TURN_SIGNALS: true, HORN: false },
        },
        actions: { LOCK: true, UNLOCK: true, TRUNK: true, IMMOBILISE: true },
        reasons: {},
        requires_confirmation: ["IMMOBILISE"],
      },
    });
  });

  it("locks a vehicle: 202 on delivery, confirmed by the device's answer, one command sent", async () => {
    const car = await vehicle({ adapter: "can-control" });
    const { status, body } = await control(car.assetId, { action: "LOCK", confirm: false });
    expect(status).toBe(202);
    expect(body).toEqual({ status: "success", command_id: expect.any(Number), action: "LOCK", state: "delivered_awaiting_vehicle_confirmation" });
    await expect.poll(() => stateOf(car.assetId, body.command_id)).toBe("confirmed");
    const { body: read } = await command(car.assetId, body.command_id);
    expect(read.data).toMatchObject({ action: "LOCK", command: "lvcanclosealldoors", confirmed_by: "device_response", answer: "lvcanclosealldoors: OK" });
    expect(car.device!.commands).toEqual(["lvcanclosealldoors"]);
  });

  it("protocol_has_no_commands: a GT06 tracker, online and still, even with a controlling adapter recorded", async () => {
    const imei = testImei();
    const { id } = await createAsset({ accountId: account.id, name: "GT06 van", imei, protocol: "gt06", adapter: "can-control", brand: "Volkswagen", model: "Golf" });
    const device = await Gt06TestDevice.connect(service.streamPort("gt06")!, imei);
    try {
      await device.alarm(testFix(new Date(), { speed: 0 }), { alarmCode: 0 }); // a stored, fresh, still position
      const caps = await capabilities(id);
      expect(caps.body.data).toMatchObject({
        line_status: "no_commands",
        actions: { LOCK: false, UNLOCK: false, TRUNK: false, IMMOBILISE: false },
        reasons: { LOCK: "protocol_has_no_commands", UNLOCK: "protocol_has_no_commands", TRUNK: "protocol_has_no_commands", IMMOBILISE: "protocol_has_no_commands" },
      });
      const { status, body } = await control(id, { action: "LOCK", confirm: true });
      expect(status).toBe(422);
      expect(body).toMatchObject({ status: "refused", reason: "protocol_has_no_commands", action: "LOCK" });
      expect(await t.db.controlCommand.count({ where: { assetId: id } })).toBe(0); // refused before anything was sent
    } finally {
      device.destroy();
    }
  });

  describe("policy refusals answer 422 with the reason", () => {
    it.each([
      ["no_adapter_detected", { adapter: undefined }, "LOCK"],
      ["adapter_is_read_only", { adapter: "lv-can200" }, "LOCK"],
      ["adapter_is_read_only", { adapter: "all-can300" }, "UNLOCK"],
      ["program_number_not_set", { adapter: "can-control", device: { programNumber: 0 } }, "LOCK"],
      ["vehicle_profile_unmatched", { adapter: "can-control", brand: "Lada", model: "Niva" }, "LOCK"],
      ["requires_immo_adapter_variant", { adapter: "can-control" }, "IMMOBILISE"],
      ["not_supported_by_vehicle", { adapter: "can-control", brand: "Toyota", model: "Yaris" }, "TRUNK"],
    ] as const)("%s", async (reason, setup, action) => {
      const car = await vehicle(setup);
      const { status, body } = await control(car.assetId, { action, confirm: true });
      expect(status).toBe(422);
      expect(body).toMatchObject({ status: "refused", reason, code: reason, action, message: expect.any(String) });
      const caps = await capabilities(car.assetId);
      expect(caps.body.data.actions[action]).toBe(false);
      expect(caps.body.data.reasons[action]).toBe(reason);
      expect(car.device?.commands ?? []).toEqual([]);
    });

    it("confirmation_required: IMMOBILISE without confirm true", async () => {
      const car = await vehicle({ adapter: "can-control-immo" });
      const { status, body } = await control(car.assetId, { action: "IMMOBILISE", confirm: false });
      expect(status).toBe(422);
      expect(body.reason).toBe("confirmation_required");
      expect((await control(car.assetId, { action: "IMMOBILISE" })).body.reason).toBe("confirmation_required");
      expect(car.device!.commands).toEqual([]);
      const sent = await control(car.assetId, { action: "IMMOBILISE", confirm: true });
      expect(sent.status).toBe(202);
      await expect.poll(() => stateOf(car.assetId, sent.body.command_id)).toBe("confirmed");
      expect(car.device!.commands).toEqual(["lvcanblockengine"]);
    });
  });

  describe("device-state refusals answer 200 with the reason", () => {
    it("device_offline", async () => {
      const car = await vehicle({ adapter: "can-control", offline: true });
      const { status, body } = await control(car.assetId, { action: "LOCK" });
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: "refused", reason: "device_offline" });
      expect((await capabilities(car.assetId)).body.data).toMatchObject({ line_status: "offline", reasons: { LOCK: "device_offline" } });
    });

    it("vehicle_moving", async () => {
      const car = await vehicle({ adapter: "can-control", state: { speed: 42, ignition: true } });
      const { status, body } = await control(car.assetId, { action: "UNLOCK" });
      expect([status, body.reason]).toEqual([200, "vehicle_moving"]);
      expect(car.device!.commands).toEqual([]);
    });

    it("ignition_on refuses the trunk and the engine block, not the central lock", async () => {
      const car = await vehicle({ adapter: "can-control-immo", state: { ignition: true } });
      expect((await control(car.assetId, { action: "TRUNK" })).body.reason).toBe("ignition_on");
      expect((await control(car.assetId, { action: "IMMOBILISE", confirm: true })).body.reason).toBe("ignition_on");
      const caps = (await capabilities(car.assetId)).body.data;
      expect(caps.actions).toEqual({ LOCK: true, UNLOCK: true, TRUNK: false, IMMOBILISE: false });
      expect((await control(car.assetId, { action: "LOCK" })).status).toBe(202);
    });

    it("ignition_unknown: a record without ignition refuses the trunk and the engine block, not the central lock", async () => {
      const car = await vehicle({ adapter: "can-control-immo", state: { ignition: null } });
      const trunk = await control(car.assetId, { action: "TRUNK" });
      expect([trunk.status, trunk.body.reason]).toEqual([200, "ignition_unknown"]);
      expect((await control(car.assetId, { action: "IMMOBILISE", confirm: true })).body.reason).toBe("ignition_unknown");
      const caps = (await capabilities(car.assetId)).body.data;
      expect(caps.actions).toEqual({ LOCK: true, UNLOCK: true, TRUNK: false, IMMOBILISE: false });
      expect(caps.reasons).toEqual({ TRUNK: "ignition_unknown", IMMOBILISE: "ignition_unknown" });
      expect(car.device!.commands).toEqual([]);
      expect((await control(car.assetId, { action: "LOCK" })).status).toBe(202);
    });

    it("state_not_fresh: a record within the stale threshold but older than the interlock window (60 s) refuses the trunk and the engine block", async () => {
      const car = await vehicle({ adapter: "can-control-immo", state: { at: Date.now() - 2 * 60_000 } });
      const block = await control(car.assetId, { action: "IMMOBILISE", confirm: true });
      expect([block.status, block.body.reason]).toEqual([200, "state_not_fresh"]);
      expect(block.body.message).toMatch(/recent report/);
      const caps = (await capabilities(car.assetId)).body.data;
      expect(caps).toMatchObject({ line_status: "ok", actions: { LOCK: true, UNLOCK: true, TRUNK: false, IMMOBILISE: false } });
      expect(caps.reasons).toEqual({ TRUNK: "state_not_fresh", IMMOBILISE: "state_not_fresh" });
      expect(car.device!.commands).toEqual([]);
      // a fresh report (still, ignition off) lets it through
      expect(await car.device!.report({ speed: 0, ignition: false })).toBe(1);
      await expect.poll(async () => (await capabilities(car.assetId)).body.data.actions.IMMOBILISE).toBe(true);
      expect((await control(car.assetId, { action: "IMMOBILISE", confirm: true })).status).toBe(202);
    });

    it("a record inside the interlock window passes the interlocks", async () => {
      const car = await vehicle({ adapter: "can-control-immo", state: { at: Date.now() - 20_000 } });
      const sent = await control(car.assetId, { action: "IMMOBILISE", confirm: true });
      expect(sent.status).toBe(202);
      await expect.poll(() => car.device!.commands).toEqual(["lvcanblockengine"]);
    });

    it("stale_position when the newest record is older than the threshold (5 minutes)", async () => {
      const car = await vehicle({ adapter: "can-control", state: { at: Date.now() - 6 * 60_000 } });
      const { status, body } = await control(car.assetId, { action: "LOCK" });
      expect([status, body.reason]).toEqual([200, "stale_position"]);
      expect((await capabilities(car.assetId)).body.data.line_status).toBe("stale");
    });

    it("cooldown: the same action again moments later is refused, another action is not", async () => {
      const car = await vehicle({ adapter: "can-control" });
      expect((await control(car.assetId, { action: "LOCK" })).status).toBe(202);
      const again = await control(car.assetId, { action: "LOCK" });
      expect([again.status, again.body.reason]).toEqual([200, "cooldown"]);
      expect((await control(car.assetId, { action: "UNLOCK" })).status).toBe(202);
      await expect.poll(() => car.device!.commands.length).toBe(2);
      expect(car.device!.commands).toEqual(["lvcanclosealldoors", "lvcanopenalldoors"]);
    });
  });

  it("two requests at once for the same action send one command; the other is refused with cooldown", async () => {
    const car = await vehicle({ adapter: "can-control" });
    const answers = await Promise.all([control(car.assetId, { action: "LOCK" }), control(car.assetId, { action: "LOCK" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    expect(answers.find((a) => a.status === 200)!.body.reason).toBe("cooldown");
    await expect.poll(() => car.device!.commands.length).toBe(1);
  });

  it("the cooldown is taken in the database: sends racing as on several nodes deliver one command", async () => {
    const car = await vehicle({ adapter: "can-control-immo" });
    const sender = { kind: "user" as const, userId: account.adminId, name: "Racer" };
    // no per-process lock is involved: each call claims the cooldown row before it delivers, as every node does
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        sendControlCommand({ accountId: account.id, assetId: car.assetId, action: "IMMOBILISE", confirm: true, sender }),
      ),
    );
    expect(results.filter((r) => r.kind === "delivered")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "refused").map((r) => r.kind === "refused" && r.reason)).toEqual(["cooldown", "cooldown", "cooldown"]);
    await expect.poll(() => car.device!.commands).toEqual(["lvcanblockengine"]);
    expect(await t.db.controlCommand.count({ where: { assetId: car.assetId } })).toBe(1);
  });

  it("a command the device never answers expires and is not sent again", async () => {
    const car = await vehicle({ adapter: "can-control", device: { silent: true } });
    const { status, body } = await control(car.assetId, { action: "UNLOCK" });
    expect(status).toBe(202);
    await expect.poll(() => stateOf(car.assetId, body.command_id), { timeout: 10_000 }).toBe("expired");
    expect(car.device!.commands).toEqual(["lvcanopenalldoors"]);
    expect(await car.device!.report()).toBe(1); // the session is alive and nothing more arrives with it
    expect(car.device!.commands).toEqual(["lvcanopenalldoors"]);
  });

  it("the reported lock state confirms a lock whose answer was lost", async () => {
    const car = await vehicle({ adapter: "can-control", device: { silent: true, reportsLockState: true } });
    const { body } = await control(car.assetId, { action: "LOCK" });
    await expect.poll(() => stateOf(car.assetId, body.command_id)).toBe("confirmed");
    expect((await command(car.assetId, body.command_id)).body.data).toMatchObject({ confirmed_by: "vehicle_state", answer: null });
  });

  it("a device answer naming an error fails the command", async () => {
    const car = await vehicle({ adapter: "can-control", device: { unsupported: ["lvcanopentrunk"] } });
    const { body } = await control(car.assetId, { action: "TRUNK" });
    await expect.poll(() => stateOf(car.assetId, body.command_id)).toBe("failed");
    expect((await command(car.assetId, body.command_id)).body.data).toMatchObject({ failure_reason: "device_refused", answer: "Command not supported" });
  });

  it("refuses bad bodies with 422 and unknown commands with 404", async () => {
    const car = await vehicle({ adapter: "can-control" });
    expect((await control(car.assetId, { action: "HONK" })).status).toBe(422);
    expect((await control(car.assetId, { action: "LOCK", confirm: "yes" })).status).toBe(422);
    expect((await command(car.assetId, 999_999)).status).toBe(404);
    const other = await makeToken(account.id, { scopes: ["assets:read"] });
    expect((await control(car.assetId, { action: "LOCK" }, other.token)).status).toBe(403);
  });

  describe("program number provisioning", () => {
    const provision = async (assetId: number, body: unknown) => {
      const response = await postProgramNumber(
        json(`/api/${account.key}/asset/${assetId}/control/program-number`, token, body),
        routeContext({ accountKey: account.key, assetId: String(assetId) }),
      );
      return { status: response.status, body: await response.json() };
    };

    it("writes the number and verifies it by reading it back; control then becomes possible", async () => {
      const car = await vehicle({ adapter: "can-control", device: { programNumber: 0, softwareDate: "240601" } });
      expect((await control(car.assetId, { action: "LOCK" })).body.reason).toBe("program_number_not_set");
      const { status, body } = await provision(car.assetId, { program_number: 11862, scheme_date: "2023-05-01" });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ program_number: 11862, software_date: "2024-06-01", requested_program_number: 11862, scheme_date: "2023-05-01", state: "verified", reason: null });
      expect(car.device!.commands).toEqual(["lvcangetinfo", "lvcansetprog 11862", "lvcangetprog"]);
      expect((await capabilities(car.assetId)).body.data).toMatchObject({ program_number: 11862, actions: { LOCK: true } });
    });

    it("refuses when the adapter's software is not newer than the scheme", async () => {
      const car = await vehicle({ adapter: "can-control", device: { programNumber: 0, softwareDate: "180315" } });
      const { status, body } = await provision(car.assetId, { program_number: 11862, scheme_date: "2019-02-01" });
      expect(status).toBe(422);
      expect(body).toMatchObject({ code: "ADAPTER_SOFTWARE_TOO_OLD", message: expect.stringContaining("2018-03-15") });
      expect(car.device!.commands).toEqual(["lvcangetinfo"]);
      const read = await getProgramNumber(
        getRequest(`/api/${account.key}/asset/${car.assetId}/control/program-number`, token),
        routeContext({ accountKey: account.key, assetId: String(car.assetId) }),
      );
      expect((await read.json()).data).toMatchObject({ state: "refused", reason: "adapter_software_too_old", program_number: null });
    });

    it("reports a mismatch when the number read back differs", async () => {
      const car = await vehicle({ adapter: "can-control", device: { programNumber: 0, keepsProgram: false } });
      const { body } = await provision(car.assetId, { program_number: 2040, scheme_date: "2020-01-01" });
      expect(body.data).toMatchObject({ state: "mismatch", program_number: null });
    });

    it("needs an admin: a client acting as a fleet manager reads the state but gets 403 when it writes", async () => {
      const car = await vehicle({ adapter: "can-control", device: { programNumber: 0, softwareDate: "240601" } });
      const manager = await makeMember(account.id, "fleet_manager");
      const client = await createOAuthClient({ accountId: account.id, userId: manager.id });
      const { access_token: managerToken } = await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret });
      const context = routeContext({ accountKey: account.key, assetId: String(car.assetId) });
      const path = `/api/${account.key}/asset/${car.assetId}/control/program-number`;
      const refused = await postProgramNumber(json(path, managerToken, { program_number: 11862, scheme_date: "2023-05-01" }), context);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        code: "FORBIDDEN",
        message: expect.stringMatching(/program number.*admin.*fleet manager/i),
      });
      expect(car.device!.commands).toEqual([]);
      expect((await getProgramNumber(getRequest(path, managerToken), context)).status).toBe(200);
      // the same client once its member is an admin
      await t.db.membership.update({ where: { userId_accountId: { userId: manager.id, accountId: account.id } }, data: { role: "admin" } });
      forgetOAuthClient(client.clientId);
      const written = await postProgramNumber(json(path, managerToken, { program_number: 11862, scheme_date: "2023-05-01" }), context);
      expect(written.status).toBe(200);
    });

    it("validates the body and needs an adapter", async () => {
      const car = await vehicle({ adapter: "can-control" });
      expect((await provision(car.assetId, { program_number: 12, scheme_date: "2020-01-01" })).status).toBe(422);
      expect((await provision(car.assetId, { program_number: 1234, scheme_date: "yesterday" })).status).toBe(422);
      const bare = await vehicle({});
      expect((await provision(bare.assetId, { program_number: 1234, scheme_date: "2020-01-01" })).body.code).toBe("NO_ADAPTER_DETECTED");
    });
  });

  it("lists the tracker's commands, newest first, with who sent what and when", async () => {
    const car = await vehicle({ adapter: "can-control-immo" });
    const lock = await control(car.assetId, { action: "LOCK" });
    await expect.poll(() => stateOf(car.assetId, lock.body.command_id)).toBe("confirmed");
    const block = await control(car.assetId, { action: "IMMOBILISE", confirm: true });
    await expect.poll(() => stateOf(car.assetId, block.body.command_id)).toBe("confirmed");
    const response = await getCommands(
      getRequest(`/api/${account.key}/tracker/${car.trackerId}/commands?limit=1`, token),
      routeContext({ accountKey: account.key, trackerId: String(car.trackerId) }),
    );
    const page = await response.json();
    expect(response.status).toBe(200);
    expect(page.data).toEqual([
      expect.objectContaining({
        id: block.body.command_id,
        action: "IMMOBILISE",
        command: "lvcanblockengine",
        state: "confirmed",
        sent_by: { kind: "api_client", user_id: expect.any(Number), client_id: expect.any(String), name: expect.any(String) },
        created_at: expect.any(String),
      }),
    ]);
    expect(page.next_cursor).toEqual(expect.any(String));
    const next = await getCommands(
      getRequest(`/api/${account.key}/tracker/${car.trackerId}/commands?cursor=${page.next_cursor}`, token),
      routeContext({ accountKey: account.key, trackerId: String(car.trackerId) }),
    );
    expect((await next.json()).data.map((c: { action: string }) => c.action)).toEqual(["LOCK"]);
    const foreign = await getCommands(
      getRequest(`/api/${account.key}/tracker/999999/commands`, token),
      routeContext({ accountKey: account.key, trackerId: "999999" }),
    );
    expect(foreign.status).toBe(404);
  });
});
