"use client";
// The Edit and Delete buttons at the end of a list row; their accessible names carry the row's name, so "Edit Van 12"
// is one button on a page of many.
import { Button } from "./button";

/** The Edit and Delete buttons of a list row, named for screen readers by what they act on. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="ghost" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="danger-ghost" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}
