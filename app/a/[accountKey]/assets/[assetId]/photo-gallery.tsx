"use client";
// The asset page's photos (docs/fleet-records.md "Photos"): a grid of thumbnails (newest first), a photo opened full
// size in a dialog, and for admins and fleet managers an upload button and a delete with confirmation. Uploads go to
// the session route beside this page (a file does not travel in a tRPC call); its refusals (wrong type, too large,
// too many photos) are shown as the server words them. A file over 10 MiB is refused here before it is sent.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { PhotoDto } from "@/server/modules/asset-photos/asset-photos.schema";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Alert } from "../../../../_components/ui/alert";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { ConfirmDialog } from "../../../../_components/ui/confirm-dialog";
import { Dialog } from "../../../../_components/ui/dialog";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import { Spinner } from "../../../../_components/ui/spinner";

/** the server's cap (PHOTO_LIMITS.maxBytes), checked here too so a large file is not sent for nothing */
const MAX_BYTES = 10 * 1024 * 1024;
/** the server's cap per asset (PHOTO_LIMITS.perAsset): one page holds them all */
const PAGE = 100;

function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

async function uploadPhoto(accountKey: string, assetId: number, file: File): Promise<PhotoDto> {
  const form = new FormData();
  form.append("photo", file, file.name);
  const response = await fetch(`/a/${encodeURIComponent(accountKey)}/assets/${assetId}/photos`, { method: "POST", body: form });
  const body = (await response.json().catch(() => null)) as { data?: PhotoDto; message?: string; errors?: { message: string }[] } | null;
  if (response.ok && body?.data) return body.data;
  const detail = body?.errors?.[0]?.message;
  throw new Error(detail ? `The photo ${detail}.` : (body?.message ?? `The upload failed (HTTP ${response.status}).`));
}

export function PhotoGallery({ accountKey, assetId, canEdit }: { accountKey: string; assetId: number; canEdit: boolean }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.assetPhotos.list.queryOptions({ accountKey, assetId, limit: PAGE });
  const photos = useQuery(options);
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [open, setOpen] = useState<PhotoDto | null>(null);
  const [deleting, setDeleting] = useState<PhotoDto | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });

  const upload = useMutation({
    mutationFn: (file: File) => uploadPhoto(accountKey, assetId, file),
    onMutate: () => setUploadError(null),
    onSuccess: refresh,
    onError: (error) => setUploadError(error.message),
  });
  const remove = useMutation(
    trpc.assetPhotos.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        setOpen(null);
        await refresh();
      },
    }),
  );

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file may be chosen again after an error
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setUploadError(`This file is ${describeSize(file.size)}; a photo may be at most 10 MB.`);
      return;
    }
    upload.mutate(file);
  }

  const list = [...(photos.data?.data ?? [])].reverse(); // newest first

  return (
    <Card
      title="Photos"
      actions={
        canEdit ? (
          <>
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              aria-label="Photo file"
              data-testid="photo-input"
              onChange={choose}
            />
            <Button variant="secondary" busy={upload.isPending} onClick={() => input.current?.click()}>
              Upload photo
            </Button>
          </>
        ) : null
      }
    >
      {uploadError ? (
        <div className="mb-3">
          <Alert>{uploadError}</Alert>
        </div>
      ) : null}
      {photos.isPending ? (
        <Spinner label="Loading photos" />
      ) : photos.error ? (
        <Alert>{describeError(photos.error).message}</Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">
          No photos yet.{" "}
          {canEdit ? "Upload JPEG, PNG or WebP images of up to 10 MB." : "An admin or fleet manager can add them."}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label="Photos">
          {list.map((photo) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => setOpen(photo)}
                className="block aspect-square w-full overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200 hover:ring-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-600"
              >
                {/* the session route serves the thumbnail; next/image would need its own loader for it */}
                <img
                  src={photo.thumbnail_url}
                  alt={`Photo ${photo.id}${photo.taken_at ? `, taken ${dates.dateTime(photo.taken_at)}` : ""}`}
                  width={photo.thumbnail.width}
                  height={photo.thumbnail.height}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Photo ${open.id}` : "Photo"}
        wide
        footer={
          <>
            {open ? (
              <a href={open.image_url} target="_blank" rel="noreferrer" className="self-center text-sm text-blue-700 hover:underline">
                Open full size
              </a>
            ) : null}
            {canEdit && open ? (
              <Button variant="danger" onClick={() => setDeleting(open)}>
                Delete photo
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Close
            </Button>
          </>
        }
      >
        {open ? (
          <>
            <img src={open.image_url} alt={`Photo ${open.id}`} width={open.width} height={open.height} className="mx-auto h-auto max-h-[70vh] w-auto max-w-full" />
            <p className="text-xs text-slate-500">
              {open.width} × {open.height} · {describeSize(open.size)} · uploaded {dates.dateTime(open.created_at)}
              {open.taken_at ? ` · taken ${dates.dateTime(open.taken_at)}` : ""}
              {open.location ? ` · ${open.location.latitude.toFixed(5)}, ${open.location.longitude.toFixed(5)}` : ""}
            </p>
          </>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this photo?"
        confirmLabel="Delete photo"
        busy={remove.isPending}
        error={remove.error ? describeError(remove.error).message : null}
        onConfirm={() => deleting && remove.mutate({ accountKey, assetId, photoId: deleting.id })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        The photo and its thumbnail are deleted for good.
      </ConfirmDialog>
    </Card>
  );
}
