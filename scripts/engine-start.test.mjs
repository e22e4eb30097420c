import { describe, expect, it, jest } from '@jest/globals';
import { cgroupMemoryLimit, describeProgress, engineHeapMb, engineNodeFlags, HEAP_CAP_MB, HEAP_FLOOR_MB, parseProgress, silenceWatchdog } from './engine-start.mjs';

const GB = 1024 ** 3;

describe('engineHeapMb', () => {
  it('gives the engine half of the machine, between a floor and a cap', () => {
    expect(engineHeapMb({ env: {}, machineBytes: 24 * GB, cgroupBytes: null })).toEqual({ mb: 12_288, source: 'machine memory' });
    expect(engineHeapMb({ env: {}, machineBytes: 0.5 * GB, cgroupBytes: null }).mb).toBe(HEAP_FLOOR_MB);
    expect(engineHeapMb({ env: {}, machineBytes: 256 * GB, cgroupBytes: null }).mb).toBe(HEAP_CAP_MB);
  });

  it('follows a container limit lower than the machine', () => {
    expect(engineHeapMb({ env: {}, machineBytes: 64 * GB, cgroupBytes: 4 * GB })).toEqual({ mb: 2048, source: 'container memory limit' });
    expect(engineHeapMb({ env: {}, machineBytes: 8 * GB, cgroupBytes: 64 * GB }).mb).toBe(4096);
  });

  it('lets ENGINE_MAX_HEAP_MB decide, and refuses a value that is no size', () => {
    expect(engineHeapMb({ env: { ENGINE_MAX_HEAP_MB: '3000' }, machineBytes: 24 * GB, cgroupBytes: null })).toEqual({ mb: 3000, source: 'ENGINE_MAX_HEAP_MB' });
    for (const bad of ['lots', '-1', '1.5', '64'])
      expect(() => engineHeapMb({ env: { ENGINE_MAX_HEAP_MB: bad }, machineBytes: GB, cgroupBytes: null })).toThrow(/ENGINE_MAX_HEAP_MB/);
  });
});

describe('engineNodeFlags', () => {
  it('gives the engine its heap and a young generation sized for loading many documents', () => {
    expect(engineNodeFlags(3000)).toEqual(['--max-old-space-size=3000', '--max-semi-space-size=64']);
  });
});

describe('cgroupMemoryLimit', () => {
  it('reads cgroup v2, then v1, and treats "max" or a huge number as no limit', () => {
    expect(cgroupMemoryLimit((f) => (f.endsWith('memory.max') ? '2147483648\n' : null))).toBe(2 * GB);
    expect(cgroupMemoryLimit((f) => (f.endsWith('memory.max') ? 'max\n' : null))).toBeNull();
    expect(cgroupMemoryLimit((f) => (f.endsWith('limit_in_bytes') ? '1073741824' : null))).toBe(GB);
    expect(cgroupMemoryLimit((f) => (f.endsWith('limit_in_bytes') ? '9223372036854771712' : null))).toBeNull();
    expect(cgroupMemoryLimit(() => null)).toBeNull();
  });
});

describe('engine progress', () => {
  it('reads the engine\'s loading lines and says how far it is', () => {
    expect(parseProgress('embedded-mongo: loading 120000/500000 records')).toEqual({ done: 120_000, total: 500_000, phase: 'records' });
    expect(parseProgress('[engine] embedded-mongo: loading 0/12 records')).toEqual({ done: 0, total: 12, phase: 'records' });
    expect(parseProgress('embedded-mongo: indexing 1200000/2500000 entries')).toEqual({ done: 1_200_000, total: 2_500_000, phase: 'indexes' });
    expect(describeProgress({ done: 1_200_000, total: 2_500_000, phase: 'indexes' })).toBe('database: building indexes, 1,200,000 of 2,500,000 entries (48 %)');
    expect(parseProgress('mongodb://127.0.0.1:4000/')).toBeNull();
    expect(describeProgress({ done: 120_000, total: 500_000 })).toBe('database: loading 120,000 of 500,000 records (24 %)');
    expect(describeProgress({ done: 0, total: 0 })).toBe('database: loading 0 of 0 records');
  });

  it('gives up only after a whole limit without progress', () => {
    jest.useFakeTimers();
    try {
      const silent = jest.fn();
      const dog = silenceWatchdog(30_000, silent);
      for (let i = 0; i < 10; i++) {
        jest.advanceTimersByTime(20_000);
        dog.progress();
      }
      expect(silent).not.toHaveBeenCalled();
      jest.advanceTimersByTime(30_000);
      expect(silent).toHaveBeenCalledTimes(1);
      const stopped = jest.fn();
      silenceWatchdog(30_000, stopped).stop();
      jest.advanceTimersByTime(60_000);
      expect(stopped).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
