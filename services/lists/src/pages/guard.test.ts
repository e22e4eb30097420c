import { parseAllowlist } from './allowlist';
import { checkUrl, isPublicAddress } from './guard';

const none = new Set<string>();
const kindOf = (url: string, allow = none) => {
  try {
    checkUrl(url, allow);
    return 'ok';
  } catch (err) {
    return (err as { kind: string }).kind;
  }
};

describe('checkUrl', () => {
  it('accepts public http(s) pages and drops the fragment', () => {
    expect(checkUrl(' https://shop.example.com/p?id=1#reviews ', none).url.href).toBe('https://shop.example.com/p?id=1');
    expect(kindOf('http://93.184.216.34/')).toBe('ok');
    expect(kindOf('https://[2606:4700::1]/')).toBe('ok');
    expect(kindOf('https://shop.example.com:8443/')).toBe('ok');
  });

  it.each([
    ['http://127.0.0.1/', 'forbidden'],
    ['http://2130706433/', 'forbidden'],
    ['http://0x7f.1/', 'forbidden'],
    ['http://[::ffff:7f00:1]/', 'forbidden'],
    ['http://[::]/', 'forbidden'],
    ['http://100.64.0.1/', 'forbidden'],
    ['http://198.18.0.1/', 'forbidden'],
    ['http://localhost/', 'forbidden'],
    ['http://intranet/', 'forbidden'],
    ['http://db.internal/', 'forbidden'],
    ['http://nas.local./', 'forbidden'],
    ['ftp://example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://a:b@example.com/', 'credentials'],
    ['http://example.com:25/', 'port'],
    ['http://example.com:22/', 'port'],
    ['example.com', 'invalid'],
    ['http://', 'invalid'],
  ])('%s → %s', (url, kind) => {
    expect(kindOf(url)).toBe(kind);
  });

  it('lets allowlisted host:port entries through, on their port only', () => {
    const allow = parseAllowlist('localhost:3000, [::1]:8080,shop.internal:80');
    expect(kindOf('http://localhost:3000/', allow)).toBe('ok');
    expect(kindOf('http://LOCALHOST:3000/x', allow)).toBe('ok');
    expect(kindOf('http://[::1]:8080/', allow)).toBe('ok');
    expect(kindOf('http://shop.internal/', allow)).toBe('ok');
    expect(kindOf('http://localhost:3001/', allow)).toBe('forbidden');
    expect(kindOf('https://shop.internal/', allow)).toBe('forbidden');
  });
});

describe('parseAllowlist', () => {
  it('reads comma-separated host:port entries and rejects anything else', () => {
    expect([...parseAllowlist(' a.example:1 ,, B.example:65535 ')]).toEqual(['a.example:1', 'b.example:65535']);
    expect(parseAllowlist('').size).toBe(0);
    for (const bad of ['localhost', 'http://a:1', 'a:0', 'a:70000', '10.0.0.0/8', 'a b:1']) {
      expect(() => parseAllowlist(bad)).toThrow();
    }
  });
});

describe('isPublicAddress', () => {
  it('is true for public unicast only', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700::1')).toBe(true);
    expect(isPublicAddress('2a00:1450:4007:80f::200e')).toBe(true);
    for (const ip of [
      '10.1.1.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '127.0.0.2', '0.0.0.0', '100.64.0.1', '192.0.2.1', '240.0.0.1',
      'fe80::1', 'fc00::1', 'fec0::1', 'ff02::1', '::', '::1', '100::1', '2001:db8::1', '4000::1',
      '::ffff:10.0.0.1', '::ffff:0:7f00:1', '::7f00:1', '::a9fe:a9fe', '::8.8.8.8',
      '64:ff9b::7f00:1', '64:ff9b:1::1', '2002:7f00:1::', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '224.0.0.1', 'nope',
    ]) {
      expect(isPublicAddress(ip)).toBe(false);
    }
  });
});
