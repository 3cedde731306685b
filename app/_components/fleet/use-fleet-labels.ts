"use client";
// The account's asset groups and tags for the dashboard's filters, pickers and chips: every page of each list (an
// account holds at most 1,000 of each, so two or three pages of 500), read once and shared through the query cache.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { AssetGroupDto } from "@/server/modules/asset-groups/asset-groups.schema";
import type { TagDto } from "@/server/modules/tags/tags.schema";
import { useTRPC } from "../trpc";

const PAGE = 500;

/** reads the next page as soon as one is known, until the list is whole */
function useWholeList<T>(query: {
  data?: { pages: Array<{ data: T[] }> };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}): T[] {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
}

export function useAssetGroups(accountKey: string, enabled = true) {
  const trpc = useTRPC();
  const query = useInfiniteQuery({
    ...trpc.assetGroups.list.infiniteQueryOptions({ accountKey, limit: PAGE }, { getNextPageParam: (page) => page.next_cursor }),
    enabled,
  });
  const groups: AssetGroupDto[] = useWholeList(query);
  return { query, groups };
}

export function useTags(accountKey: string, enabled = true) {
  const trpc = useTRPC();
  const query = useInfiniteQuery({
    ...trpc.tags.list.infiniteQueryOptions({ accountKey, limit: PAGE }, { getNextPageParam: (page) => page.next_cursor }),
    enabled,
  });
  const tags: TagDto[] = useWholeList(query);
  return { query, tags };
}
