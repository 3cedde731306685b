// Sends a command to a tracker wherever its TCP session is, encoded by the session's protocol (Codec 12 for
// Teltonika; a protocol without commands refuses in vehicle control's capabilities before anything is sent). The session on this node is used directly;
// otherwise, with a Redis hub, the command is routed through the hub to the node holding the session, which writes it
// and sends back "delivered" and then the device's answer. A tracker no node claims within a short wait is offline.
// It implements the domain's device port (modules/devices/device-port.ts), which the tracker service sets at start-up
// so use cases send commands without importing the tracker.
import { randomUUID } from "node:crypto";
import type { Hub, HubEvents } from "../hub";
import type { DeviceCommands } from "../modules/devices/device-port";
import type { DeviceSessions } from "./device-sessions";

export interface CommandGateway extends DeviceCommands {
  stop(): void;
}

/** how long a node without the session waits for the node that has it to speak up */
const CLAIM_WAIT_MS = 1_500;

type Reply = HubEvents["tracker.command.reply"];

export function createCommandGateway(options: { sessions: DeviceSessions; hub: Hub }): CommandGateway {
  const { sessions, hub } = options;
  const waiting = new Map<string, (reply: Reply) => void>();
  const routed = hub.kind === "redis";

  const stopReplies = routed ? hub.subscribe("tracker.command.reply", (reply) => waiting.get(reply.requestId)?.(reply)) : () => {};
  // serve requests for the sessions held here
  const stopRequests = routed
    ? hub.subscribe("tracker.command.request", (request) => {
        const session = sessions.get(request.trackerId);
        if (!session) return;
        const reply = (stage: Reply["stage"], text?: string) =>
          void hub.publish("tracker.command.reply", { requestId: request.requestId, stage, text }).catch(() => {});
        if (request.command === null) return reply("here");
        const answer = session.send(request.command, request.timeoutMs);
        reply("delivered");
        answer.then(
          (text) => reply("answered", text),
          (error: Error) => reply("failed", error.message),
        );
      })
    : () => {};

  /**
   * publishes a request and resolves with the first reply (null after `claimMs` without one); the replies heard after
   * it, before the caller listens again, are kept in `later`: a device that answers at once has its "answered" reply
   * arrive with "delivered", in the same read from Redis, before the caller has resumed from the first
   */
  function request(trackerId: number, command: string | null, timeoutMs: number) {
    const requestId = randomUUID();
    const later: Reply[] = [];
    let settled = false;
    let onReply: (reply: Reply) => void = () => {};
    const first = new Promise<Reply | null>((resolve) => {
      const timer = setTimeout(() => {
        settled = true;
        resolve(null);
      }, CLAIM_WAIT_MS);
      onReply = (reply) => {
        if (settled) return void later.push(reply);
        settled = true;
        clearTimeout(timer);
        resolve(reply);
      };
    });
    waiting.set(requestId, (reply) => onReply(reply));
    void hub.publish("tracker.command.request", { requestId, trackerId, command, timeoutMs }).catch(() => onReply({ requestId, stage: "failed" }));
    return { requestId, first, later };
  }

  return {
    async isOnline(trackerId) {
      if (sessions.isOnline(trackerId)) return true;
      if (!routed) return false;
      const { requestId, first } = request(trackerId, null, 0);
      const reply = await first;
      waiting.delete(requestId);
      return reply?.stage === "here";
    },

    async deliver(trackerId, command, timeoutMs) {
      const session = sessions.get(trackerId);
      if (session) return { answer: session.send(command, timeoutMs) };
      if (!routed) return null;
      const { requestId, first, later } = request(trackerId, command, timeoutMs);
      const claimed = await first;
      if (claimed?.stage !== "delivered") {
        waiting.delete(requestId);
        return null;
      }
      const answer = new Promise<string>((resolve, reject) => {
        // the holding node times the device out itself; this bound only covers losing that node
        const timer = setTimeout(() => {
          waiting.delete(requestId);
          reject(new Error(`the device did not answer "${command}" in time`));
        }, timeoutMs + CLAIM_WAIT_MS);
        const onAnswer = (reply: Reply) => {
          if (reply.stage !== "answered" && reply.stage !== "failed") return;
          clearTimeout(timer);
          waiting.delete(requestId);
          if (reply.stage === "answered") resolve(reply.text ?? "");
          else reject(new Error(reply.text ?? "the command failed"));
        };
        waiting.set(requestId, onAnswer);
        // an answer heard while this caller was resuming from "delivered"
        for (const reply of later.splice(0)) onAnswer(reply);
      });
      return { answer };
    },

    stop() {
      stopReplies();
      stopRequests();
      waiting.clear();
    },
  };
}

