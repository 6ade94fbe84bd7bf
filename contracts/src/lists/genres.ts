/** The 37 genres of the wizard (core §3; the spec does not list them, these are the store-standard genres). */
export const GENRES = [
  'Alternative', 'Blues', "Children's Music", 'Christian & Gospel', 'Classical', 'Comedy', 'Country', 'Dance',
  'Devotional', 'Electronic', 'Folk', 'Ghazal', 'Hip-Hop/Rap', 'Holiday', 'Indian Classical', 'Indian Pop',
  'Indie', 'Inspirational', 'Instrumental', 'J-Pop', 'Jazz', 'K-Pop', 'Latin', 'Metal', 'New Age', 'Pop',
  'Punjabi', 'R&B/Soul', 'Reggae', 'Regional Indian', 'Rock', 'Singer/Songwriter', 'Soundtrack', 'Spoken Word',
  'Sufi', 'Vocal', 'World',
] as const;
export type Genre = (typeof GENRES)[number];
