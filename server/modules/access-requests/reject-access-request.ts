// The team rejects an access request: recorded with who and when, and nothing is sent (access-request-mails.ts).
// The address may ask again after the cool-down (request-access.ts).
import type { z } from "zod";
import { parseInput } from "../parse-input";
import { decideAccessRequest } from "./decide-access-request";
import { ZAccessRequestDecision, type AccessRequestDto } from "./access-requests.schema";

export async function rejectAccessRequest(input: z.input<typeof ZAccessRequestDecision>): Promise<AccessRequestDto> {
  const decision = parseInput(ZAccessRequestDecision, input);
  return (await decideAccessRequest(decision, "rejected")).request;
}
