import type { ReactNode } from 'react';
import { TOOLS_UI as UI } from '@portal/contracts';
import { Button, Dialog, FactGrid } from '@portal/kit';

/** The Cancel and Save buttons of an editing dialog ("Add Url(s)", "Select Moods"); Cancel keeps nothing. */
export function CancelSaveActions({ onCancel, onSave }: { onCancel(): void; onSave(): void }) {
  return (
    <>
      <Button variant="secondary" type="button" onClick={onCancel}>
        {UI.cancel}
      </Button>
      <Button type="button" onClick={onSave}>
        {UI.save}
      </Button>
    </>
  );
}

export type DetailsDialogProps<R> = {
  /** The submission shown, or null while closed. */
  row: R | null;
  title: string;
  onClose(): void;
  /** The facts of the row as `<div><dt/><dd/></div>` items of a FactGrid. */
  children(row: R): ReactNode;
};

/** The read-only "View Details"/"View Pitch" dialog of one history row (areas §2 detail dialogs), 640 px wide, with Close. */
export function DetailsDialog<R>({ row, title, onClose, children }: DetailsDialogProps<R>) {
  return (
    <Dialog open={row !== null} title={title} onClose={onClose} width={640} actions={<Button onClick={onClose}>{UI.close}</Button>}>
      {row && <FactGrid>{children(row)}</FactGrid>}
    </Dialog>
  );
}
