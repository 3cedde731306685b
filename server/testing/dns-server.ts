// A real name server on 127.0.0.1 (UDP) for tests: it answers A and AAAA questions from a table, says NXDOMAIN for
// names not in it, or, when silent, answers nothing at all (a name server that hangs). Every question is recorded.
// Just enough of RFC 1035 for the server's resolver: one question per message, answers pointing at its name.
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import { ipv6Groups } from "../security/ip-address";

export type DnsRecords = Record<string, { A?: string[]; AAAA?: string[] }>;

export interface TestDnsServer {
  /** for Resolver.setServers / HostLookupOptions.servers: ["127.0.0.1:<port>"] */
  servers: string[];
  /** questions received, in order */
  questions: { name: string; type: "A" | "AAAA" | number }[];
  /** resolves once at least `count` questions have arrived */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

export async function startDnsServer(records: DnsRecords | "silent"): Promise<TestDnsServer> {
  const socket = dgram.createSocket("udp4");
  const questions: TestDnsServer["questions"] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (message, remote) => {
    const question = readQuestion(message);
    if (!question) return;
    questions.push({ name: question.name, type: question.type === TYPE_A ? "A" : question.type === TYPE_AAAA ? "AAAA" : question.type });
    for (const wake of [...waiters]) wake();
    if (records === "silent") return;
    const entry = records[question.name.toLowerCase()];
    const addresses = !entry ? null : question.type === TYPE_A ? (entry.A ?? []) : question.type === TYPE_AAAA ? (entry.AAAA ?? []) : [];
    socket.send(answer(message, question.end, question.type, addresses), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    servers: [`127.0.0.1:${port}`],
    questions,
    received: (count) =>
      new Promise((resolve) => {
        const check = () => {
          if (questions.length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

function readQuestion(message: Buffer): { name: string; type: number; end: number } | null {
  if (message.length < 17) return null;
  const labels: string[] = [];
  let offset = 12;
  while (offset < message.length && message[offset] !== 0) {
    const length = message[offset]!;
    labels.push(message.toString("ascii", offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  if (offset + 5 > message.length) return null;
  return { name: labels.join("."), type: message.readUInt16BE(offset + 1), end: offset + 5 };
}

/** the reply: the question echoed, then one answer per address; null addresses: NXDOMAIN */
function answer(query: Buffer, questionEnd: number, type: number, addresses: string[] | null): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(0x8180 | (addresses === null ? 3 : 0), 2); // response, recursion desired and available; rcode
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses?.length ?? 0, 6);
  const answers = (addresses ?? []).map((address) => {
    const data = type === TYPE_A ? Buffer.from(address.split(".").map(Number)) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4); // class IN
    record.writeUInt32BE(60, 6); // TTL
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}

function ipv6Bytes(address: string): Buffer {
  const bytes = Buffer.alloc(16);
  (ipv6Groups(address) ?? []).forEach((group, index) => bytes.writeUInt16BE(group, index * 2));
  return bytes;
}
