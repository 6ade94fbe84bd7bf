import styled from 'styled-components';
import { Dialog } from '../ui/Dialog';
import { bareList, outlinedRow } from '../ui/mixins';
import { NewTabLink } from '../ui/NewTabLink';
import { Loader } from '../ui/Loader';
import { PlatformLogoImage } from '../media/PlatformLogoImage';

/** `logo`: a logo file name of /api/static/logos/ or a URL (PlatformLogoImage). */
export type UrlListItem = { name: string; logo?: string; url?: string };

export type UrlListDialogProps = {
  open: boolean;
  title: string;
  items: readonly UrlListItem[];
  loading?: boolean;
  onClose(): void;
};

const List = styled.ul`
  ${bareList}
  display: grid;
  gap: 6px;
`;

const Item = styled.li`
  ${outlinedRow(12, '8px 10px')}
  min-width: 0;
  a, span { overflow-wrap: anywhere; }
  a { font-weight: 600; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

/** A list of names, links where a url is known (opened in a new tab): store lookups, claim URLs. */
export function UrlListDialog({ open, title, items, loading = false, onClose }: UrlListDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose} width={480}>
      {loading ? (
        <Loader />
      ) : (
        <List>
          {items.map((item, index) => (
            <Item key={`${item.name}-${index}`}>
              {item.logo && <PlatformLogoImage name={item.name} logo={item.logo} decorative />}
              {item.url ? (
                <NewTabLink href={item.url}>{item.name}</NewTabLink>
              ) : (
                <span>{item.name}</span>
              )}
            </Item>
          ))}
        </List>
      )}
    </Dialog>
  );
}
