"use client";
// A tRPC client for the live stream: subscriptions over SSE (httpSubscriptionLink), everything else batched. Kept
// beside the map so the live stream does not depend on the app-wide client's links.
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "@/server/trpc/root";

let client: ReturnType<typeof createTRPCClient<AppRouter>> | null = null;

export function liveClient() {
  client ??= createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url: "/api/trpc", transformer: superjson }),
        false: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: 10 }),
      }),
    ],
  });
  return client;
}
