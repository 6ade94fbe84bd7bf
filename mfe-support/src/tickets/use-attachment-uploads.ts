import { useCallback, useEffect, useRef, useState } from 'react';
import { notify, uploadToEndpoint } from '@portal/kit';
import { SUPPORT_ENDPOINTS as E } from '@portal/contracts';
import type { PickerItem } from './AttachmentPicker';
import { checkPicked } from './attachment-rules';

let seq = 0;

/**
 * Attachments of a ticket or reply being written: each picked file is pre-checked (areas §5: max 5,
 * extension, 2 MB; a refusal is a toast) and uploaded at once with its progress; remove aborts or
 * forgets it. `filenames` are the uploaded server names for `attachement`; `uploading` is true while
 * one is on its way. Uploads still running when the component goes are aborted.
 */
export function useAttachmentUploads() {
  const [items, setItems] = useState<PickerItem[]>([]);
  const uploads = useRef(new Map<string, AbortController>());

  const pick = useCallback(
    (files: File[]) => {
      const { accepted, error } = checkPicked(items.length, files);
      if (error) notify.error(error);
      for (const file of accepted) {
        const id = `f${++seq}`;
        const controller = new AbortController();
        uploads.current.set(id, controller);
        setItems((list) => [...list, { id, name: file.name, size: file.size, progress: 0 }]);
        uploadToEndpoint(E.uploadTicketAttachment, file, {
          signal: controller.signal,
          onProgress: (progress) => setItems((list) => list.map((i) => (i.id === id ? { ...i, progress } : i))),
        })
          .then((answer) => setItems((list) => list.map((i) => (i.id === id ? { ...i, filename: answer.body?.filename, size: answer.body?.size ?? i.size } : i))))
          .catch(() => setItems((list) => list.filter((i) => i.id !== id)))
          .finally(() => uploads.current.delete(id));
      }
    },
    [items.length],
  );
  const remove = useCallback((id: string) => {
    uploads.current.get(id)?.abort();
    setItems((list) => list.filter((i) => i.id !== id));
  }, []);
  const reset = useCallback(() => {
    for (const c of uploads.current.values()) c.abort();
    uploads.current.clear();
    setItems([]);
  }, []);
  useEffect(() => () => {
    for (const c of uploads.current.values()) c.abort();
  }, []);

  return { items, pick, remove, reset, uploading: items.some((i) => !i.filename), filenames: items.filter((i) => i.filename).map((i) => i.filename!) };
}
