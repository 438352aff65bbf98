import { describe, expect, it } from 'vitest';
import { checkBaseUrl, profileName, requireOrg, resolveSettings } from '../../src/config/run-settings.js';
import { DEFAULT_GLOBALS } from '../../src/startup/root-options.js';

const profile = { baseUrl: 'https://profile.example.com', org: 'profile-org' };

describe('settings precedence', () => {
  it('takes flags over the environment over the profile', () => {
    const env = { AGENT_CLI_BASE_URL: 'https://env.example.com', AGENT_CLI_ORG: 'env-org' };
    const flags = { ...DEFAULT_GLOBALS, baseUrl: 'https://flag.example.com', org: 'flag-org' };
    expect(resolveSettings(flags, env, 'p', profile)).toMatchObject({
      baseUrl: 'https://flag.example.com',
      baseUrlSource: 'flag',
      org: 'flag-org',
      orgSource: 'flag',
    });
    expect(resolveSettings(DEFAULT_GLOBALS, env, 'p', profile)).toMatchObject({
      baseUrl: 'https://env.example.com',
      org: 'env-org',
      orgSource: 'env',
    });
    expect(resolveSettings(DEFAULT_GLOBALS, {}, 'p', profile)).toMatchObject({
      baseUrl: 'https://profile.example.com',
      baseUrlSource: 'profile',
    });
    expect(resolveSettings(DEFAULT_GLOBALS, {}, 'p', {})).toMatchObject({
      baseUrl: undefined,
      orgSource: 'default',
    });
  });

  it('chooses the profile from --profile, AGENT_CLI_PROFILE, the current one, then "default"', () => {
    const env = { AGENT_CLI_PROFILE: 'env' };
    expect(profileName({ ...DEFAULT_GLOBALS, profile: 'flag' }, env, 'current')).toBe('flag');
    expect(profileName(DEFAULT_GLOBALS, env, 'current')).toBe('env');
    expect(profileName(DEFAULT_GLOBALS, {}, 'current')).toBe('current');
    expect(profileName(DEFAULT_GLOBALS, {}, undefined)).toBe('default');
  });

  it('reads the token from AGENT_CLI_TOKEN', () => {
    expect(resolveSettings(DEFAULT_GLOBALS, { AGENT_CLI_TOKEN: 't0ken' }, 'p', {}).envToken).toBe('t0ken');
  });

  it('takes the timeout from --timeout over AGENT_CLI_TIMEOUT, and leaves it to the SDK otherwise', () => {
    const env = { AGENT_CLI_TIMEOUT: '5000' };
    expect(resolveSettings({ ...DEFAULT_GLOBALS, timeout: '250' }, env, 'p', {}).timeout).toBe(250);
    expect(resolveSettings(DEFAULT_GLOBALS, env, 'p', {}).timeout).toBe(5000);
    expect(resolveSettings(DEFAULT_GLOBALS, {}, 'p', {}).timeout).toBeUndefined();
  });

  it.each(['0', '-5', '1.5', 'soon', '2147483648'])('refuses --timeout %s, naming the flag', (value) => {
    expect(() => resolveSettings({ ...DEFAULT_GLOBALS, timeout: value }, {}, 'p', {})).toThrow(
      `--timeout must be a whole number of milliseconds from 1 to 2147483647, got "${value}"`,
    );
  });

  it('needs an org for org-scoped commands, naming --org', () => {
    const settings = resolveSettings(DEFAULT_GLOBALS, {}, 'p', {});
    expect(() => requireOrg(settings)).toThrow(/^missing --org/);
  });
});

describe('checkBaseUrl', () => {
  it.each([
    'https://agent.example.com',
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://127.10.20.30',
    'http://[::1]:4000',
  ])('accepts %s', (url) => {
    expect(checkBaseUrl(url, false)).toBe(url);
  });

  it.each(['http://agent.example.com', 'http://10.0.0.1:3000', 'http://128.0.0.1'])(
    'refuses plain http to %s unless --insecure',
    (url) => {
      expect(() => checkBaseUrl(url, false)).toThrow(/^refusing plain http:\/\//);
      expect(checkBaseUrl(url, true)).toBe(url);
    },
  );

  it('refuses what is not an http(s) URL', () => {
    expect(() => checkBaseUrl('ftp://x', true)).toThrow('--base-url must be an http(s) URL, got "ftp://x"');
    expect(() => checkBaseUrl('agent.example.com', true)).toThrow(/must be an http\(s\) URL/);
  });
});
