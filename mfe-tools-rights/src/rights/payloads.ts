/** Form values and API payloads of the rights modes (areas §3, §7). Pure. */
export const ugcInitial = { release_id: '', audio_id: '', platform: '', policy: '', url: [] as string[] };
export type UgcValues = typeof ugcInitial;
/** submitUGCClaim payload (areas §7: the server keeps its own release and audio titles). */
export const ugcPayload = (v: UgcValues) => ({ ...v, release_id: v.release_id ? Number(v.release_id) : undefined, audio_id: v.audio_id ? Number(v.audio_id) : undefined });

export const whitelistInitial = { platform: '', channel_type: '', channel_name: '', URL: '' };
export type WhitelistValues = typeof whitelistInitial;
/** submitWhitelist payload (areas §7: platform, channel_type, channel_name, URL). */
export const whitelistPayload = (v: WhitelistValues) => ({ ...v });
