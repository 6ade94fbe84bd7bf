/** Sub genres offered once a genre is chosen; free text is accepted too (the spec does not list them). */
export const SUB_GENRES: Readonly<Record<string, readonly string[]>> = {
  Pop: ['Dance Pop', 'Electropop', 'Indie Pop', 'Synth-pop', 'Teen Pop'],
  Rock: ['Alternative Rock', 'Classic Rock', 'Hard Rock', 'Indie Rock', 'Punk'],
  'Hip-Hop/Rap': ['Trap', 'Boom Bap', 'Drill', 'Desi Hip-Hop', 'Underground Rap'],
  Electronic: ['House', 'Techno', 'Trance', 'Drum & Bass', 'Ambient'],
  'Indian Pop': ['Bollywood', 'Indipop', 'Romantic', 'Party'],
  'Regional Indian': ['Bengali', 'Bhojpuri', 'Haryanvi', 'Marathi', 'Tamil', 'Telugu', 'Kannada', 'Malayalam'],
  Devotional: ['Bhajan', 'Aarti', 'Kirtan', 'Qawwali', 'Shabad'],
  Jazz: ['Bebop', 'Smooth Jazz', 'Fusion', 'Swing'],
  Classical: ['Baroque', 'Romantic', 'Contemporary', 'Opera'],
};
export const DEFAULT_SUB_GENRES: readonly string[] = ['General', 'Other'];
export function subGenresFor(genre: string): readonly string[] {
  return SUB_GENRES[genre] ?? DEFAULT_SUB_GENRES;
}
