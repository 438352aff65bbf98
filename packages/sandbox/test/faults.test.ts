import { describe, expect, it } from 'vitest';
import { FaultController, parseFaultSpecs } from '../src/index.js';

function pattern(controller: FaultController, n: number, method = 'GET', path = '/credentials'): string {
  return Array.from({ length: n }, () => (controller.plan(method, path).fault ? 'x' : '.')).join('');
}

describe('FaultController', () => {
  it('spreads a rate evenly, so runs are reproducible', () => {
    const controller = new FaultController([{ kind: 'status', rate: 0.25 }]);
    expect(pattern(controller, 8)).toBe('...x...x');
  });

  it('stops after times applications', () => {
    const controller = new FaultController([{ kind: 'status', status: 503, times: 2 }]);
    expect(pattern(controller, 4)).toBe('xx..');
    expect(controller.appliedCounts()).toEqual([2]);
  });

  it('matches the method and the path prefix by whole segments', () => {
    const controller = new FaultController([{ kind: 'status', method: 'post', path: '/credentials' }]);
    expect(controller.plan('POST', '/credentials/negotiate-offer').fault?.kind).toBe('status');
    expect(controller.plan('POST', '/credentials').fault?.kind).toBe('status');
    expect(controller.plan('GET', '/credentials').fault).toBeUndefined();
    expect(controller.plan('POST', '/credentialsx').fault).toBeUndefined();
  });

  it('adds up latencies and lets the first other fault win', () => {
    const controller = new FaultController();
    controller.add({ kind: 'latency', ms: 20 });
    controller.add({ kind: 'rate-limit', path: '/oob' });
    controller.add({ kind: 'latency', ms: 30, path: '/oob' });
    controller.add({ kind: 'status', path: '/oob' });
    expect(controller.plan('GET', '/oob/1')).toEqual({
      delayMs: 50,
      fault: { kind: 'rate-limit', path: '/oob' },
    });
    expect(controller.plan('GET', '/schemas')).toEqual({ delayMs: 20, fault: undefined });
  });

  it('clears, and resets to the initial faults with fresh counters', () => {
    const controller = new FaultController([{ kind: 'status', times: 1 }]);
    controller.add({ kind: 'html-error' });
    controller.plan('GET', '/');
    controller.reset();
    expect(controller.list()).toEqual([{ kind: 'status', times: 1 }]);
    expect(controller.plan('GET', '/').fault?.kind).toBe('status');
    controller.clear();
    expect(controller.list()).toEqual([]);
  });

  it('rejects an invalid spec', () => {
    const controller = new FaultController();
    expect(() => controller.add({ kind: 'status', rate: 2 })).toThrow();
  });
});

describe('parseFaultSpecs', () => {
  it('reads the compact command-line form', () => {
    expect(
      parseFaultSpecs('status:503:path=/credentials:times=2, latency:ms=200,rate-limit:5:method=POST'),
    ).toEqual([
      { kind: 'status', status: 503, path: '/credentials', times: 2 },
      { kind: 'latency', ms: 200 },
      { kind: 'rate-limit', retryAfter: 5, method: 'POST' },
    ]);
  });

  it('reads JSON, one spec or an array', () => {
    expect(parseFaultSpecs('{"kind":"slow-body","ms":10}')).toEqual([{ kind: 'slow-body', ms: 10 }]);
    expect(parseFaultSpecs('[{"kind":"html-error","status":502,"rate":0.5}]')).toEqual([
      { kind: 'html-error', status: 502, rate: 0.5 },
    ]);
  });

  it('names what it does not understand', () => {
    expect(() => parseFaultSpecs('explode')).toThrow(/Invalid fault .*kind/);
    expect(() => parseFaultSpecs('reset-after-headers:7')).toThrow(/"7" is not key=value/);
    expect(() => parseFaultSpecs('status:times=two')).toThrow(/times/);
  });
});
