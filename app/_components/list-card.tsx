"use client";
// A list page's card: the Card (title, actions) around a QueryList (loading, error, empty state, "Load more"), the
// pair nearly every list in the dashboard is made of. Where a list sits inside something else (a dialog, a wizard),
// QueryList is used alone.
import { QueryList, type ListQuery } from "./query-list";
import { Card } from "./ui/card";

export function ListCard({
  title,
  actions,
  className,
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  title?: string;
  actions?: React.ReactNode;
  className?: string;
  query: ListQuery;
  /** the plural noun of the rows, as QueryList takes it */
  what: string;
  isEmpty: boolean;
  empty: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card title={title} actions={actions} className={className}>
      <QueryList query={query} what={what} isEmpty={isEmpty} empty={empty}>
        {children}
      </QueryList>
    </Card>
  );
}
