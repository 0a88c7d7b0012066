import { FREE_SPEECH_SECONDS } from '@reelwright/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMember, buildProjectData } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';
import { saveProject } from '../projects/service';
import { EspeakProvider } from '../providers/tts/espeak/provider';
import { saveSettings } from '../settings/service';
import { PREVIEW_TEXT_MAX_CHARS, PREVIEWS_PER_MINUTE } from './service';
import { ttsUsage } from './tables';

const VOICE = { voiceId: 'espeak:en-us', lang: 'en-US', engine: 'free_tts' };

/**
 * Previews of the custom pronunciations dialog (spec 000 §2, §6) are not narration: they play
 * after a wizard run has spent the free 35 s, count against nothing, and are kept short and
 * rate-limited so they are no way round the allowance.
 */
describe.each(DB_KINDS)('pronunciation previews on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const tts = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/queries/tts', payload, headers: cookie ? { cookie } : {} });

  /** A free member whose project, and speech outside a project, have used up the allowance, as after a wizard run. */
  async function memberPastTheAllowance() {
    const { member, cookie } = await buildMember(t.app);
    const { id: pid } = await saveProject(t.app.db, {
      userId: member.id,
      input: { name: 'Run', title: 'Run', category: 'project', data_json: JSON.stringify(buildProjectData()) },
    });
    await t.app.db.insert(ttsUsage).values(
      [pid, 0].map((projectId) => ({
        userId: member.id,
        projectId,
        clipKey: `wizard-run-${projectId}`,
        seconds: FREE_SPEECH_SECONDS + 1,
      })),
    );
    return { member, cookie, pid };
  }

  const usedSeconds = async (userId: number) => {
    const [row] = await t.app.db
      .select({ seconds: sql<number>`coalesce(sum(${ttsUsage.seconds}), 0)`.mapWith(Number) })
      .from(ttsUsage)
      .where(eq(ttsUsage.userId, userId));
    return row?.seconds ?? 0;
  };

  it('plays a pronunciation after the allowance is spent, and counts it against nothing', async () => {
    const { member, cookie, pid } = await memberPastTheAllowance();
    const narration = await tts(cookie, { text: 'One more line.', ...VOICE, pid });
    expect(narration.statusCode).toBe(403);
    expect(narration.json().code).toBe('speech_limit');
    const before = await usedSeconds(member.id);

    for (const body of [
      { text: 'jif', ...VOICE, preview: true },
      { text: 'jiff', ...VOICE, preview: '1', pid },
    ]) {
      const res = await tts(cookie, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(/^\/media\/tts\/[0-9a-f]{64}\.mp3$/);
      expect(res.json().duration).toBeGreaterThan(0.1);
    }
    expect(await usedSeconds(member.id)).toBe(before);
    // Narration is still refused: previews gave it nothing.
    expect((await tts(cookie, { text: 'One more line.', ...VOICE, pid })).statusCode).toBe(403);
  });

  it('speaks the pronunciation as written, without applying the saved ones', async () => {
    const { member, cookie } = await buildMember(t.app);
    await saveSettings(t.app.db, {
      userId: member.id,
      settings: { tts: { words: [{ id: '1', from: 'jif', to: 'gif' }] } },
    });
    const synth = vi.spyOn(EspeakProvider.prototype, 'synthesize');
    expect((await tts(cookie, { text: 'jif thing', ...VOICE, preview: true })).statusCode).toBe(200);
    expect(synth.mock.calls[0]?.[0]).toBe('jif thing');
  });

  it('refuses visitors, long text, a bad flag and a missing voice, and synthesises nothing', async () => {
    const synth = vi.spyOn(EspeakProvider.prototype, 'synthesize');
    expect((await tts(undefined, { text: 'jif', ...VOICE, preview: true })).statusCode).toBe(401);

    const { cookie } = await buildMember(t.app);
    const long = await tts(cookie, { text: 'word '.repeat(PREVIEW_TEXT_MAX_CHARS / 4), ...VOICE, preview: true });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'text_too_long', field: 'text' });
    expect(long.json().error).toMatch(/can hold 100 characters/);

    const badFlag = await tts(cookie, { text: 'jif', ...VOICE, preview: 'maybe' });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json()).toMatchObject({ code: 'invalid_input', field: 'preview' });

    const noVoice = await tts(cookie, { text: 'jif', lang: 'en-US', preview: true });
    expect(noVoice.statusCode).toBe(400);
    expect(noVoice.json().code).toBe('voice_required');
    expect(synth).not.toHaveBeenCalled();
  });

  it(`allows ${PREVIEWS_PER_MINUTE} previews a minute per member; narration and other members are not limited`, async () => {
    const { cookie } = await buildMember(t.app);
    for (let n = 0; n < PREVIEWS_PER_MINUTE; n++) {
      const res = await tts(cookie, { text: 'jif', ...VOICE, preview: true });
      expect(res.statusCode, `preview ${n + 1}`).toBe(200);
    }
    const over = await tts(cookie, { text: 'jif', ...VOICE, preview: true });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');

    expect((await tts(cookie, { text: 'jif', ...VOICE })).statusCode).toBe(200);
    const other = await buildMember(t.app);
    expect((await tts(other.cookie, { text: 'jif', ...VOICE, preview: true })).statusCode).toBe(200);
  });
});
