import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, DataTable, Dialog, Row, SectionTitle, Stack, TextField, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { CONTENT_ENDPOINTS, OPS_ENDPOINTS as E, OPS_UI, type NewsItem, type VideoLink } from '@portal/contracts';
import { useConsoleAction } from '../common/use-console-action';

const U = OPS_UI.content;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: 16px;
`;
const Cell = styled.span`
  overflow-wrap: anywhere;
`;

type Removal = { kind: 'news' | 'video'; id: number } | null;
/** The row being edited, with the form's values. */
type Editing = { kind: 'news'; id: number; news_heading: string; news_link: string } | { kind: 'video'; id: number; video_link: string; title: string } | null;

/**
 * The dashboard's News and Update videos (docs/decisions/008): add; edit in a dialog; remove after a confirmation.
 * The server validates with the content area's schemas and audits each change with before and after.
 * Each change is a mutation of the kit's data layer that reloads its list here and on the dashboard
 * (docs/decisions/025).
 */
export function ContentPage() {
  const news = useEndpointPage(CONTENT_ENDPOINTS.getNews, { query: { limit: 100 } });
  const videos = useEndpointPage(CONTENT_ENDPOINTS.getVideoLinks, { query: { limit: 100 } });
  const [heading, setHeading] = useState('');
  const [link, setLink] = useState('');
  const [video, setVideo] = useState('');
  const [title, setTitle] = useState('');
  const [removal, setRemoval] = useState<Removal>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const newsChanged = { invalidates: [CONTENT_ENDPOINTS.getNews] };
  const videosChanged = { invalidates: [CONTENT_ENDPOINTS.getVideoLinks] };
  const addNewsItem = useEndpointMutation(E.addNews, newsChanged);
  const editNews = useEndpointMutation(E.editNews, newsChanged);
  const removeNews = useEndpointMutation(E.removeNews, newsChanged);
  const addVideoLink = useEndpointMutation(E.addVideoLink, videosChanged);
  const editVideoLink = useEndpointMutation(E.editVideoLink, videosChanged);
  const removeVideoLink = useEndpointMutation(E.removeVideoLink, videosChanged);
  const { busy, run } = useConsoleAction();
  const addNews = (e: React.FormEvent) => {
    e.preventDefault();
    void run(() => addNewsItem.mutateAsync({ body: { news_heading: heading, news_link: link } }), () => {
      setHeading('');
      setLink('');
    });
  };
  const addVideo = (e: React.FormEvent) => {
    e.preventDefault();
    void run(() => addVideoLink.mutateAsync({ body: { video_link: video, title } }), () => {
      setVideo('');
      setTitle('');
    });
  };
  const remove = () => {
    if (!removal) return;
    const call = () => (removal.kind === 'news' ? removeNews.mutateAsync({ body: { id: removal.id } }) : removeVideoLink.mutateAsync({ body: { id: removal.id } }));
    void run(call).then(() => setRemoval(null));
  };
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const call = () =>
      editing.kind === 'news'
        ? editNews.mutateAsync({ body: { id: editing.id, news_heading: editing.news_heading, news_link: editing.news_link } })
        : editVideoLink.mutateAsync({ body: { id: editing.id, video_link: editing.video_link, title: editing.title } });
    void run(call, () => setEditing(null));
  };
  const change = (field: string) => (e: React.ChangeEvent<HTMLInputElement>) => setEditing((old) => (old ? ({ ...old, [field]: e.target.value } as Editing) : old));

  const actions = (onEdit: () => void, onRemove: () => void, label: string) => (
    <Row $gap={4} $wrap={false}>
      <Button variant="text" onClick={onEdit} aria-label={`${U.edit}: ${label}`}>{U.edit}</Button>
      <Button variant="text" onClick={onRemove} aria-label={`${U.remove}: ${label}`}>{U.remove}</Button>
    </Row>
  );
  const newsColumns: DataTableColumn<NewsItem>[] = [
    { key: 'heading', header: U.heading, render: (n) => <Cell><a href={n.news_link} target="_blank" rel="noopener noreferrer">{n.news_heading}</a></Cell> },
    {
      key: 'x',
      header: OPS_UI.actionsColumn,
      render: (n) => actions(() => setEditing({ kind: 'news', id: n.news_id, news_heading: n.news_heading, news_link: n.news_link }), () => setRemoval({ kind: 'news', id: n.news_id }), n.news_heading),
    },
  ];
  const videoColumns: DataTableColumn<VideoLink>[] = [
    { key: 'title', header: U.title, render: (v) => <Cell>{v.title || v.video_link}</Cell> },
    { key: 'id', header: 'YouTube', render: (v) => v.video_link },
    {
      key: 'x',
      header: OPS_UI.actionsColumn,
      render: (v) => actions(() => setEditing({ kind: 'video', id: v.video_link_id, video_link: v.video_link, title: v.title }), () => setRemoval({ kind: 'video', id: v.video_link_id }), v.title || v.video_link),
    },
  ];
  return (
    <Grid>
      <Card>
        <SectionTitle>{U.news}</SectionTitle>
        <form noValidate onSubmit={addNews}>
          <Stack $gap={8}>
            <TextField label={U.heading} name="news_heading" value={heading} onChange={(e) => setHeading(e.target.value)} required />
            <TextField label={U.link} name="news_link" value={link} onChange={(e) => setLink(e.target.value)} required />
            <Row><Button type="submit" busy={busy} disabled={!heading.trim() || !link.trim()}>{U.add}</Button></Row>
          </Stack>
        </form>
        <div style={{ marginTop: 16 }}>
          <DataTable columns={newsColumns} rows={news.rows} rowKey={(n) => n.news_id} loading={news.loading} empty={U.noNews} caption={U.news} />
        </div>
      </Card>
      <Card>
        <SectionTitle>{U.videos}</SectionTitle>
        <form noValidate onSubmit={addVideo}>
          <Stack $gap={8}>
            <TextField label={U.video} name="video_link" value={video} onChange={(e) => setVideo(e.target.value)} required />
            <TextField label={U.title} name="video_title" value={title} onChange={(e) => setTitle(e.target.value)} />
            <Row><Button type="submit" busy={busy} disabled={!video.trim()}>{U.add}</Button></Row>
          </Stack>
        </form>
        <div style={{ marginTop: 16 }}>
          <DataTable columns={videoColumns} rows={videos.rows} rowKey={(v) => v.video_link_id} loading={videos.loading} empty={U.noVideos} caption={U.videos} />
        </div>
      </Card>
      <Dialog
        open={editing !== null}
        title={editing?.kind === 'video' ? U.editVideo : U.editNews}
        onClose={() => !busy && setEditing(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)} disabled={busy}>{U.cancel}</Button>
            <Button type="submit" form="ops-content-edit" busy={busy}>{U.save}</Button>
          </>
        }
      >
        <form id="ops-content-edit" noValidate onSubmit={save}>
          {editing?.kind === 'news' && (
            <Stack $gap={8}>
              <TextField label={U.heading} name="edit_news_heading" value={editing.news_heading} onChange={change('news_heading')} required />
              <TextField label={U.link} name="edit_news_link" value={editing.news_link} onChange={change('news_link')} required />
            </Stack>
          )}
          {editing?.kind === 'video' && (
            <Stack $gap={8}>
              <TextField label={U.video} name="edit_video_link" value={editing.video_link} onChange={change('video_link')} required />
              <TextField label={U.title} name="edit_video_title" value={editing.title} onChange={change('title')} />
            </Stack>
          )}
        </form>
      </Dialog>
      <ConfirmDialog open={removal !== null} title={U.remove} message={U.confirmRemove} busy={busy} onConfirm={remove} onCancel={() => setRemoval(null)} />
    </Grid>
  );
}
