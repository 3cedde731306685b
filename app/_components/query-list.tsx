"use client";
// The body of a list card, the same on every list page: a spinner while the first page loads, the error, the empty
// state, or the list with "Load more" while the server has further pages (infinite queries; plain queries have none).
import { describeError } from "./trpc";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

export function QueryList({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery;
  /** the plural noun of the rows: "assets" gives "Loading assets…" and "Could not load the assets: …" */
  what: string;
  isEmpty: boolean;
  empty: React.ReactNode;
  children: React.ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}…`} />;
  if (query.isError) return <Alert>{`Could not load the ${what}: ${describeError(query.error).message}`}</Alert>;
  if (isEmpty) return empty;
  return (
    <>
      {children}
      {query.hasNextPage && query.fetchNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => query.fetchNextPage?.()}>
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}
