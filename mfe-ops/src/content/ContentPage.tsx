import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, DataTable, Row, SectionTitle, Stack, TextField, api, notify, type DataTableColumn } from '@portal/kit';
import { CONTENT_ENDPOINTS, OPS_ENDPOINTS as E, OPS_UI, type NewsItem, type VideoLink } from '@portal/contracts';
import { useOpsList } from '../common/use-ops-list';

const U = OPS_UI.content;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: 16px;
`;

type Removal = { kind: 'news' | 'video'; id: number } | null;

/** The dashboard's News and Update videos (issue 11): add, and remove after a confirmation. */
export function ContentPage() {
  const news = useOpsList<NewsItem>(CONTENT_ENDPOINTS.getNews, { limit: 100 });
  const videos = useOpsList<VideoLink>(CONTENT_ENDPOINTS.getVideoLinks, { limit: 100 });
  const [heading, setHeading] = useState('');
  const [link, setLink] = useState('');
  const [video, setVideo] = useState('');
  const [title, setTitle] = useState('');
  const [removal, setRemoval] = useState<Removal>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<{ message: string }>, after: () => void) => {
    setBusy(true);
    try {
      notify.success((await work()).message);
      after();
    } catch {
      // The kit showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const addNews = (e: React.FormEvent) => {
    e.preventDefault();
    void run(() => api.call(E.addNews, { body: { news_heading: heading, news_link: link } }), () => {
      setHeading('');
      setLink('');
      void news.reload();
    });
  };
  const addVideo = (e: React.FormEvent) => {
    e.preventDefault();
    void run(() => api.call(E.addVideoLink, { body: { video_link: video, title } }), () => {
      setVideo('');
      setTitle('');
      void videos.reload();
    });
  };
  const remove = () => {
    if (!removal) return;
    const call = removal.kind === 'news' ? api.call(E.removeNews, { body: { id: removal.id } }) : api.call(E.removeVideoLink, { body: { id: removal.id } });
    void run(() => call, () => void (removal.kind === 'news' ? news.reload() : videos.reload())).then(() => setRemoval(null));
  };
  const newsColumns: DataTableColumn<NewsItem>[] = [
    { key: 'heading', header: U.heading, render: (n) => <a href={n.news_link} target="_blank" rel="noopener noreferrer">{n.news_heading}</a> },
    { key: 'x', header: OPS_UI.actionsColumn, render: (n) => <Button variant="text" onClick={() => setRemoval({ kind: 'news', id: n.news_id })}>{U.remove}</Button> },
  ];
  const videoColumns: DataTableColumn<VideoLink>[] = [
    { key: 'title', header: U.title, render: (v) => v.title || v.video_link },
    { key: 'id', header: 'YouTube', render: (v) => v.video_link },
    { key: 'x', header: OPS_UI.actionsColumn, render: (v) => <Button variant="text" onClick={() => setRemoval({ kind: 'video', id: v.video_link_id })}>{U.remove}</Button> },
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
          <DataTable columns={newsColumns} rows={news.rows} rowKey={(n) => n.news_id} loading={news.loading} empty="No news." caption={U.news} />
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
          <DataTable columns={videoColumns} rows={videos.rows} rowKey={(v) => v.video_link_id} loading={videos.loading} empty="No update videos." caption={U.videos} />
        </div>
      </Card>
      <ConfirmDialog open={removal !== null} title={U.remove} message={U.confirmRemove} busy={busy} onConfirm={remove} onCancel={() => setRemoval(null)} />
    </Grid>
  );
}
