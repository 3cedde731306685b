// The connectivity gate (CONNECTIVITY rules): a tracker is offline once nothing has been heard from it (no stored
// record, no login) for the rule's silence, and online again when it is next heard. Each transition fires exactly
// once in a cluster and survives restarts, because the state lives in the database (connectivity_states) and each
// transition is a compare-and-set there:
//
//   offline: every node sweeps every CONNECTIVITY_SWEEP_MS. "Last heard" is cluster-wide: asset_states.received_at
//            (written by whichever node stored the record) and asset_presence.last_connected_at (written here on a
//            login, on any node). A silent asset gets a row through one INSERT that also re-checks, in the same
//            statement, that nothing was heard since; ON CONFLICT DO NOTHING lets exactly one node win. So a device
//            that reconnected to another node, or whose record was stored a moment ago, is never declared offline.
//   online:  only the node holding the device's session hears it (the process-local hub). On a login, on the first
//            record this node sees for the asset, and on a record after a gap of about the silence, it deletes the
//            asset's rows; each row it really deleted is one TRACKER_ONLINE. Other records cost no database call.
//   restart: rows persist. Silence is counted from max(last heard, this node's start, the rule's creation), so a
//            whole-cluster restart gives devices one silence period to reconnect before anyone is declared offline.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { HubEvents } from "../../hub";
import { toEventPosition } from "../stream/event-position";
import { SerialQueue } from "../../serial-queue";
import type { LivePosition } from "../positions/live-position";
import type { EventPosition } from "../stream/channel-messages";
import { ZConnectivityParams, type ConnectivityParams } from "./alerts.schema";
import { resolveRuleTargets } from "./rule-targets";
import { appliesTo, type CompiledRule, type CompiledRuleOf } from "./compiled-rule";
import type { AlertDraft } from "./record-alert";
import { formatDuration } from "./rules/rule-evaluator";

/** how often each node looks for silent trackers; offline fires at most this long after the silence elapsed */
export const CONNECTIVITY_SWEEP_MS = 30_000;
/** node clocks may differ a little: a record after a gap this much shorter than the silence still checks the state */
export const CLOCK_SKEW_TOLERANCE_MS = 60_000;

type ConnectivityRule = CompiledRuleOf<"CONNECTIVITY">;
/** what the gate reads of the evaluators' account context (evaluation/account-context.ts passes its own) */
type RulesOfAccount = { accountId: number; rules: readonly CompiledRule[] };

export class ConnectivityGate {
  /** asset id -> when this node last heard its tracker (receivedAt of a record, or a login) */
  private readonly lastHeard = new Map<number, number>();
  private readonly queue: SerialQueue;
  private sweeping = false;

  constructor(
    private readonly deps: {
      prisma: Db;
      logger: Logger;
      now: () => number;
      /** when this node started (epoch ms) */
      startedAt: number;
      emit: (draft: AlertDraft) => void;
    },
  ) {
    this.queue = new SerialQueue(deps.logger, "connectivity gate");
  }

  /** a live record of a tracker connected to this node */
  onPosition(context: RulesOfAccount, position: LivePosition): void {
    const previous = this.lastHeard.get(position.assetId);
    this.lastHeard.set(position.assetId, Math.max(previous ?? 0, position.receivedAt));
    const rules = connectivityRules(context, position.assetId);
    if (rules.length === 0) return;
    const shortest = Math.min(...rules.map(silenceMs));
    if (previous !== undefined && position.receivedAt - previous < shortest - CLOCK_SKEW_TOLERANCE_MS) return;
    const at = toEventPosition(position);
    this.queue.push(() => this.heard(context.accountId, position.assetId, position.receivedAt, at));
  }

  /** a tracker's session opened or closed on this node */
  onConnection(context: RulesOfAccount, event: HubEvents["tracker.connection"]): void {
    const { assetId } = event;
    if (assetId === null) return;
    if (event.online) this.lastHeard.set(assetId, Math.max(this.lastHeard.get(assetId) ?? 0, event.at));
    if (connectivityRules(context, assetId).length === 0) return;
    this.queue.push(async () => {
      const at = new Date(event.at);
      await this.deps.prisma.assetPresence.upsert({
        where: { assetId },
        create: { assetId, lastConnectedAt: at, lastDisconnectedAt: event.online ? null : at },
        update: event.online ? { lastConnectedAt: at } : { lastDisconnectedAt: at },
      });
      if (event.online) await this.heard(context.accountId, assetId, event.at, null);
    });
  }

  /** looks for silent trackers once (unless a sweep is still running) */
  sweep(): void {
    if (this.sweeping) return;
    this.sweeping = true;
    this.queue.push(() => this.declareSilentOffline().finally(() => (this.sweeping = false)));
  }

  drain(): Promise<void> {
    return this.queue.drain();
  }

  /** the tracker was heard: every row of the asset this call deletes is one TRACKER_ONLINE */
  private async heard(accountId: number, assetId: number, heardAt: number, position: EventPosition | null) {
    const { prisma } = this.deps;
    const rows = await prisma.connectivityState.findMany({
      where: { assetId },
      select: { ruleId: true, lastHeardAt: true, rule: { select: { name: true, enabled: true, params: true } } },
    });
    for (const row of rows) {
      const { count } = await prisma.connectivityState.deleteMany({ where: { ruleId: row.ruleId, assetId } });
      if (count !== 1) continue; // another node got there first
      const params = ZConnectivityParams.safeParse(row.rule.params);
      if (!row.rule.enabled || !params.success || params.data.trigger === "offline") continue;
      position ??= await this.lastKnownPosition(assetId);
      const lastHeardAt = row.lastHeardAt.getTime();
      const offlineMs = Math.max(0, heardAt - lastHeardAt);
      this.deps.emit({
        accountId,
        assetId,
        rule: { id: row.ruleId, name: row.rule.name, type: "CONNECTIVITY" },
        position,
        firing: {
          type: "TRACKER_ONLINE",
          details: { lastHeardAt, offlineS: Math.round(offlineMs / 1000), silenceS: params.data.silence_minutes * 60 },
          firedAt: heardAt,
          message: `Tracker back online after ${formatDuration(offlineMs)} without data`,
        },
      });
    }
  }

  private async declareSilentOffline() {
    const { prisma } = this.deps;
    const rules = (
      await prisma.alertRule.findMany({
        where: { type: "CONNECTIVITY", enabled: true },
        select: { id: true, name: true, accountId: true, assetIds: true, groupIds: true, tagIds: true, params: true, createdAt: true },
      })
    ).flatMap((row) => {
      const params = ZConnectivityParams.safeParse(row.params);
      return params.success ? [{ ...row, params: params.data, silenceMs: params.data.silence_minutes * 60_000 }] : [];
    });
    if (rules.length === 0) return;

    const now = this.deps.now();
    const cutoff = new Date(now - Math.min(...rules.map((rule) => rule.silenceMs)));
    const candidates = await prisma.asset.findMany({
      where: {
        accountId: { in: [...new Set(rules.map((rule) => rule.accountId))] },
        // assets that never reported have never been online: nothing to declare
        state: { is: { receivedAt: { lt: cutoff } } },
        OR: [{ presence: { is: null } }, { presence: { is: { lastConnectedAt: { lt: cutoff } } } }],
      },
      select: {
        id: true,
        accountId: true,
        state: { select: { receivedAt: true } },
        presence: { select: { lastConnectedAt: true } },
      },
    });
    if (candidates.length === 0) return;
    const declared = new Set(
      (
        await prisma.connectivityState.findMany({
          where: { ruleId: { in: rules.map((rule) => rule.id) }, assetId: { in: candidates.map((asset) => asset.id) } },
          select: { ruleId: true, assetId: true },
        })
      ).map((row) => `${row.ruleId}:${row.assetId}`),
    );

    const targeted = new Map<number, Set<number>>();
    for (const accountId of new Set(rules.map((rule) => rule.accountId))) {
      const resolved = await resolveRuleTargets(prisma, accountId, rules.filter((rule) => rule.accountId === accountId));
      for (const rule of rules) if (rule.accountId === accountId) targeted.set(rule.id, new Set([...rule.assetIds, ...(resolved.get(rule.id) ?? [])]));
    }
    for (const rule of rules) {
      const everyAsset = rule.assetIds.length === 0 && rule.groupIds.length === 0 && rule.tagIds.length === 0;
      for (const asset of candidates) {
        if (asset.accountId !== rule.accountId || (!everyAsset && !targeted.get(rule.id)!.has(asset.id))) continue;
        if (declared.has(`${rule.id}:${asset.id}`)) continue;
        const lastHeard = Math.max(asset.state!.receivedAt.getTime(), asset.presence?.lastConnectedAt.getTime() ?? 0);
        const silentSince = Math.max(lastHeard, this.deps.startedAt, rule.createdAt.getTime());
        if (now - silentSince < rule.silenceMs) continue;
        if (!(await this.declareOffline(rule.id, asset.id, lastHeard, now))) continue;
        if (rule.params.trigger === "online") continue;
        this.deps.emit({
          accountId: rule.accountId,
          assetId: asset.id,
          rule: { id: rule.id, name: rule.name, type: "CONNECTIVITY" },
          position: await this.lastKnownPosition(asset.id),
          firing: {
            type: "TRACKER_OFFLINE",
            details: { lastHeardAt: lastHeard, silenceS: rule.params.silence_minutes * 60 },
            firedAt: now,
            message: `Tracker offline: no data for ${formatDuration(now - lastHeard)}`,
          },
        });
      }
    }
  }

  /** the compare-and-set: true when this call created the row, and nothing was heard since `lastHeard` */
  private async declareOffline(ruleId: number, assetId: number, lastHeard: number, now: number): Promise<boolean> {
    const heard = new Date(lastHeard);
    const rows = await this.deps.prisma.$queryRaw<{ rule_id: number }[]>`
      INSERT INTO connectivity_states (rule_id, asset_id, last_heard_at, declared_at)
      SELECT ${ruleId}::int, ${assetId}::int, ${heard}::timestamptz, ${new Date(now)}::timestamptz
      WHERE NOT EXISTS (SELECT 1 FROM asset_states s WHERE s.asset_id = ${assetId}::int AND s.received_at > ${heard}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM asset_presence p WHERE p.asset_id = ${assetId}::int AND p.last_connected_at > ${heard}::timestamptz)
      ON CONFLICT DO NOTHING
      RETURNING rule_id`;
    return rows.length === 1;
  }

  private async lastKnownPosition(assetId: number): Promise<EventPosition | null> {
    const state = await this.deps.prisma.assetState.findUnique({ where: { assetId }, select: { payload: true } });
    return state ? toEventPosition(state.payload as unknown as LivePosition, { live: false }) : null;
  }
}

function connectivityRules(context: RulesOfAccount, assetId: number): ConnectivityRule[] {
  return context.rules.filter((rule): rule is ConnectivityRule => rule.type === "CONNECTIVITY" && appliesTo(rule, assetId));
}

const silenceMs = (rule: { params: ConnectivityParams }) => rule.params.silence_minutes * 60_000;
