"use client";
// tRPC + TanStack Query for client components: `const trpc = useTRPC(); useQuery(trpc.assets.list.queryOptions(...))`.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState } from "react";
import superjson from "superjson";
import type { AppRouter } from "@/server/trpc/root";
import type { TrpcErrorData } from "@/server/trpc/trpc";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Refusals (not found, forbidden, bad input) will not change on retry; network hiccups might.
        retry: (count, error) => count < 2 && !(error instanceof TRPCClientError && error.data?.httpStatus < 500),
      },
    },
  });
}

export function TrpcProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: 10 })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** Message and per-field errors of a failed call, for forms. */
export function describeError(error: unknown): { message: string; fields: Record<string, string>; appCode: string | null } {
  if (error instanceof TRPCClientError) {
    const data = error.data as (TrpcErrorData & { httpStatus?: number }) | undefined;
    const fields: Record<string, string> = {};
    for (const entry of data?.errors ?? []) fields[entry.field] ??= entry.message;
    return { message: error.message, fields, appCode: data?.appCode ?? null };
  }
  return { message: "Something went wrong. Check your connection and try again.", fields: {}, appCode: null };
}
