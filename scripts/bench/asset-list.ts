// The asset list over 10,000 assets on PostgreSQL, through the REST route handler (token check included): one page of
// 100 unfiltered, filtered by a group with its subgroups and a status, by text, by every filter at once, and a page
// deep in the list. Target: every page under 50 ms (issue 23). Medians of 20 calls, after a warm-up.
//
// The fleet: 10 regions of 10 depots (110 groups; each asset in one depot), 20 tags (each asset carries one or two),
// a third of the trackers gt06, a third of the assets moving, a third parked, a third offline.
import { openDatabase, setDatabase, type Database } from "../../server/db/client";
import { imeiFrom } from "../../server/modules/assets/imei";
import { createAssetGroup } from "../../server/modules/asset-groups/create-asset-group";
import { createTag } from "../../server/modules/tags/create-tag";
import { getRequest, makeAccount, makeToken, routeContext } from "../../server/testing/http-fixtures";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { livePosition } from "../../server/testing/stream-fixtures";
import { GET as listAssets } from "../../app/api/[accountKey]/asset/route";
import { medianMs, round, type Bench, type Figure } from "./types";

const ASSETS = 10_000;
const REGIONS = 10;
const DEPOTS_PER_REGION = 10;
const TAGS = 20;
const CHUNK = 1_000;

function chunks<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));
}

async function seed(database: Database) {
  const prisma = database.prisma;
  const account = await makeAccount("Bench fleet");
  const { token } = await makeToken(account.id, { scopes: ["assets:read"] });
  const regions: number[] = [];
  const depots: number[] = [];
  for (let r = 0; r < REGIONS; r++) {
    const region = await createAssetGroup({ accountId: account.id, body: { name: `Region ${r + 1}` } });
    regions.push(region.id);
    for (let d = 0; d < DEPOTS_PER_REGION; d++) {
      depots.push((await createAssetGroup({ accountId: account.id, body: { name: `Depot ${d + 1}`, parent_id: region.id } })).id);
    }
  }
  const tags: number[] = [];
  for (let t = 0; t < TAGS; t++) tags.push((await createTag({ accountId: account.id, body: { name: `Tag ${t + 1}` } })).id);

  const firstId = ((await prisma.asset.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  const ids = Array.from({ length: ASSETS }, (_, i) => firstId + i);
  for (const part of chunks(ids)) {
    await prisma.asset.createMany({
      data: part.map((id, i) => ({ id, accountId: account.id, name: `Vehicle ${id}`, plate: `AB-${String(id).padStart(5, "0")}`, vin: null, brand: i % 2 ? "Volvo" : "MAN" })),
    });
    await prisma.tracker.createMany({
      data: part.map((id) => ({ accountId: account.id, assetId: id, imei: imeiFrom(`35${String(id).padStart(12, "0")}`), protocol: id % 3 === 0 ? "gt06" : "teltonika" })),
    });
    await prisma.assetGroupMember.createMany({ data: part.map((id) => ({ groupId: depots[id % depots.length]!, assetId: id })) });
    await prisma.assetTag.createMany({
      data: part.flatMap((id) => [{ tagId: tags[id % TAGS]!, assetId: id }, ...(id % 2 ? [{ tagId: tags[(id + 7) % TAGS]!, assetId: id }] : [])]),
    });
  }
  const now = Date.now();
  for (const part of chunks(ids)) {
    await prisma.assetState.createMany({
      data: part.map((id) => {
        const kind = id % 3; // 0 moving, 1 parked, 2 offline
        const position = livePosition({
          assetId: id,
          wsSeq: id,
          dateUpdated: kind === 2 ? now - 3 * 3_600_000 : now - 60_000,
          speed: kind === 0 ? 55 : 0,
          ignition: kind === 0,
        });
        return {
          assetId: id,
          positionId: BigInt(id),
          fixTime: new Date(position.dateUpdated),
          receivedAt: new Date(position.receivedAt),
          wsSeq: BigInt(id),
          dateMoved: new Date(position.dateMoved),
          payload: position as object,
        };
      }),
    });
  }
  await prisma.$executeRawUnsafe("ANALYZE");
  return { account, token, regions, tags, ids };
}

async function measure(database: Database): Promise<Figure[]> {
  setDatabase(database);
  try {
    const { account, token, regions, tags, ids } = await seed(database);
    const page = async (query: string, expectRows: (rows: number) => boolean) => {
      const call = async () => {
        const response = await listAssets(getRequest(`/api/${account.key}/asset${query}`, token), routeContext({ accountKey: account.key }));
        const body = (await response.json()) as { data: unknown[] };
        if (response.status !== 200 || !expectRows(body.data.length)) throw new Error(`${query}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      };
      return round(await medianMs(call, 20), 1);
    };
    const deep = Buffer.from(String(ids[ASSETS / 2]!)).toString("base64url");
    const full = (rows: number) => rows === 100;
    return [
      { name: "asset_list_postgres_10000_page_ms", value: await page("?limit=100", full), unit: "ms" },
      { name: "asset_list_postgres_10000_deep_page_ms", value: await page(`?limit=100&cursor=${deep}`, full), unit: "ms" },
      { name: "asset_list_postgres_10000_group_status_ms", value: await page(`?limit=100&group_id=${regions[3]}&status=moving`, full), unit: "ms" },
      { name: "asset_list_postgres_10000_text_ms", value: await page("?limit=100&q=ab-0", full), unit: "ms" },
      {
        name: "asset_list_postgres_10000_all_filters_ms",
        value: await page(`?limit=100&group_id=${regions[5]}&tag_id=${tags[2]}&protocol=teltonika&status=online&q=vehicle`, (rows) => rows > 0),
        unit: "ms",
      },
    ];
  } finally {
    setDatabase(undefined);
  }
}

export default {
  name: "asset-list",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`asset-list: PostgreSQL is not reachable at ${TEST_POSTGRES_URL}; its figures are skipped\n`);
      return [];
    }
    const scratch = await createScratchDatabase("fleetline_bench");
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
    try {
      return await measure(database);
    } finally {
      await database.close();
      await scratch.drop();
    }
  },
} satisfies Bench;
