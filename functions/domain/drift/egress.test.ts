import { describe, expect, it } from 'vitest';
import { decide, isPublicAddress, parseAllowedHosts, type EgressPolicy } from './egress';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '0x7f.1', '0177.0.0.1', '2130706433', '127.1', '0x7f000001',
    '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::127.0.0.1', '::7f00:1', '[::1]',
    '64:ff9b::7f00:1', '64:ff9b:1::7f00:1', '2002:7f00:1::1', '2001::1',
    '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '100.64.0.1', '100.100.100.200',
    '169.254.169.254', '::ffff:a9fe:a9fe', '::a9fe:a9fe', 'fd00:ec2::254', 'fc00::1', 'fe80::1', 'fec0::1',
    '0.0.0.0', '0', '0.1.2.3', '::', '224.0.0.1', 'ff02::1', '255.255.255.255', '240.0.0.1',
    '192.0.2.1', '198.18.0.1', '2001:db8::1', '100::1', 'localhost', 'example.com', '', 'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '[2606:4700::1]'])('takes %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('decide', () => {
  const names: Record<string, string[]> = { 'public.test': ['93.184.215.14'], 'mixed.test': ['93.184.215.14', '10.0.0.1'], 'dev.test': ['127.0.0.1'] };
  const policy = (extra: Partial<EgressPolicy> = {}): EgressPolicy => ({
    allowedHosts: [],
    resolve: async (host) => {
      if (!names[host]) throw new Error('ENOTFOUND');
      return names[host];
    },
    ...extra,
  });

  it('pins a public name to the address it checked, and refuses a name with any private answer or none', async () => {
    expect(await decide(policy(), 'public.test', 443)).toEqual({ ok: true, address: '93.184.215.14' });
    expect(await decide(policy(), 'mixed.test', 443)).toMatchObject({ ok: false, refusal: { address: '10.0.0.1' } });
    expect(await decide(policy(), 'nowhere.test', 443)).toMatchObject({ ok: false, refusal: { reason: 'the name does not resolve' } });
    expect(await decide(policy(), '0x7f.1', 80)).toMatchObject({ ok: false, refusal: { address: '127.0.0.1' } });
  });

  it('lets a listed host through (on its port only, when the entry names one), and an address a test takes as public', async () => {
    const listed = policy({ allowedHosts: parseAllowedHosts(' dev.test:4321 , [::1]:8080,192.168.1.5') });
    expect(await decide(listed, 'dev.test', 4321)).toEqual({ ok: true, address: '127.0.0.1' });
    expect((await decide(listed, 'dev.test', 1080)).ok).toBe(false);
    expect((await decide(listed, '::1', 8080)).ok).toBe(true);
    expect((await decide(listed, '192.168.1.5', 9)).ok).toBe(true);
    expect((await decide(listed, '127.0.0.1', 4321)).ok).toBe(false);
    expect(await decide(policy({ publicAddresses: ['127.0.0.2'] }), '127.0.0.2', 80)).toEqual({ ok: true, address: '127.0.0.2' });
    expect((await decide(policy({ publicAddresses: ['127.0.0.2'] }), '127.0.0.1', 80)).ok).toBe(false);
  });
});
