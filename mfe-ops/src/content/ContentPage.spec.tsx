import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPS_UI } from '@portal/contracts';
import { ContentPage } from './ContentPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const U = OPS_UI.content;
const NEWS = [{ news_id: 4, news_heading: 'Video releases are live', news_link: 'https://example.com/video', created_at: 0 }];
const VIDEOS = [{ video_link_id: 9, video_link: 'dQw4w9WgXcQ', title: 'Portal tour', created_at: 0 }];

afterEach(() => jest.restoreAllMocks());

describe('ContentPage (docs/decisions/008)', () => {
  it('edits a news item in a dialog prefilled with its values', async () => {
    const spy = mockApi({ getNews: NEWS, getVideoLinks: VIDEOS, 'ops/content/news/edit': NEWS[0] });
    renderAt('/ops/content', <ContentPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${U.edit}: Video releases are live` }));
    const dialog = screen.getByRole('dialog', { name: U.editNews });
    const heading = within(dialog).getByLabelText(new RegExp(U.heading)) as HTMLInputElement;
    expect(heading.value).toBe('Video releases are live');
    fireEvent.change(heading, { target: { value: 'Video releases are open' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.save }));
    await waitFor(() => expect(callsTo(spy, 'ops/content/news/edit')).toEqual([{ body: { id: 4, news_heading: 'Video releases are open', news_link: 'https://example.com/video' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits an update video; removing asks first', async () => {
    const spy = mockApi({ getNews: NEWS, getVideoLinks: VIDEOS, 'ops/content/videos/edit': VIDEOS[0] });
    renderAt('/ops/content', <ContentPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${U.edit}: Portal tour` }));
    const dialog = screen.getByRole('dialog', { name: U.editVideo });
    fireEvent.change(within(dialog).getByLabelText(U.title), { target: { value: 'Tour 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.save }));
    await waitFor(() => expect(callsTo(spy, 'ops/content/videos/edit')).toEqual([{ body: { id: 9, video_link: 'dQw4w9WgXcQ', title: 'Tour 2' } }]));

    fireEvent.click(screen.getByRole('button', { name: `${U.remove}: Portal tour` }));
    expect(within(screen.getByRole('dialog')).getByText(U.confirmRemove)).toBeTruthy();
    expect(callsTo(spy, 'ops/content/videos/remove')).toHaveLength(0);
  });
});
