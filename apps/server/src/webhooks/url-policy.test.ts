import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './job';
import { checkWebhookUrl, refusedAddress, urlFormProblem } from './url-policy';

describe('webhook URL policy (addresses as data)', () => {
  it('refuses private, loopback, link-local and mapped addresses; passes public ones', () => {
    const strict = { allowPrivate: false };
    expect(refusedAddress(['93.184.216.34', '2606:2800:220:1::1'], strict)).toBeNull();
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(refusedAddress(['93.184.216.34', address], strict)).toBe(address);
    }
    expect(refusedAddress(['127.0.0.1'], { allowPrivate: true })).toBeNull();
  });

  it('asks for https unless private addresses are allowed', () => {
    expect(urlFormProblem(new URL('https://example.com/h'), { allowPrivate: false })).toBeNull();
    expect(urlFormProblem(new URL('http://example.com/h'), { allowPrivate: false })).toMatch(/https/);
    expect(urlFormProblem(new URL('http://127.0.0.1/h'), { allowPrivate: true })).toBeNull();
  });

  it('checks every address a host name resolves to (an injected resolver, no DNS)', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    await expect(checkWebhookUrl('https://hooks.example/x', { allowPrivate: false, resolve })).rejects.toMatchObject({
      statusCode: 400,
      code: 'private_address',
    });
    const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(
      checkWebhookUrl('https://hooks.example/x', { allowPrivate: false, resolve: publicOnly }),
    ).resolves.toBeUndefined();
    const nothing = async () => [];
    await expect(
      checkWebhookUrl('https://nowhere.example/x', { allowPrivate: false, resolve: nothing }),
    ).rejects.toMatchObject({ code: 'unknown_host' });
  });
});

describe('webhook retry schedule', () => {
  it('waits the base, then four times longer each time: 1 min to about four hours over six attempts', () => {
    expect([1, 2, 3, 4, 5].map((made) => retryDelaySeconds(made, 60))).toEqual([60, 240, 960, 3840, 15360]);
  });
});
