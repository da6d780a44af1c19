import { describe, expect, it } from 'vitest';
import { cpuSlug, judgedFigure, otherMachines, row, type Results } from '../../../bench/lib/report';

const machine = (cpu: string) => ({ date: '2026-11-26T10:00:00.000Z', node: 'v24', platform: 'Linux', cpu, cores: 2, memoryGiB: 24, loadAverageAtStart: [0, 0, 0] });

describe('bench results by machine', () => {
  it('names a results file after the CPU model, not its core count or clock', () => {
    expect(cpuSlug('2 × AMD EPYC')).toBe('amd-epyc');
    expect(cpuSlug('2 × Intel(R) Xeon(R) Processor')).toBe('intel-xeon');
    expect(cpuSlug('2 × Intel(R) Xeon(R) Processor (2.8 GHz)')).toBe('intel-xeon');
    expect(cpuSlug('8 × Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz (1.9 GHz)')).toBe('intel-core-i7-8650u');
  });

  it("lists each other machine's targets as its own latest run judged them", () => {
    const catalog = row({
      section: 'Catalog read',
      name: 'a page of 20',
      unit: 'req/s',
      runs: [70, 72, 80, 81, 90],
      ceiling: { name: 'bare Fastify', runs: [100, 100, 100, 100, 100] },
      target: { on: 'ratio', op: '>=', value: 0.75 },
    });
    const heartbeat = row({ section: 'Sockets at scale', name: 'heartbeat', unit: 'ms', runs: [250], target: { on: 'value', op: '<', value: 100 } });
    const amd: Results = { machine: machine('2 × AMD EPYC'), commit: 'abc1234', durationSeconds: 444, rows: [catalog, heartbeat] };

    const text = otherMachines([amd]);
    expect(text).toContain('### 2 × AMD EPYC: 0 of 2 met');
    expect(text).toContain('of commit abc1234 (444 s)');
    expect(text).toContain('[machines/amd-epyc.md](machines/amd-epyc.md)');
    expect(text).toContain('- **FAIL**: Catalog read: a page of 20: ratio ≥ 0.75; the lower quartile 0.72');
    expect(text).toContain('- **FAIL**: Sockets at scale: heartbeat: value < 100; the upper quartile 250 ms');
    expect(otherMachines([])).toBe('');
  });
});

describe('the figure a target was judged on', () => {
  const ratioAtMost1 = { on: 'ratio', op: '<=', value: 1 } as const;
  const under200ms = { on: 'value', op: '<=', value: 200 } as const;

  it('is rounded as the report rounds figures', () => {
    expect(judgedFigure(0.961222, ratioAtMost1)).toBe('0.96');
    expect(judgedFigure(1, ratioAtMost1)).toBe('1.00');
    expect(judgedFigure(273.4, under200ms)).toBe('273');
  });

  it('never reads as the target when it missed or met it by less than the rounding', () => {
    expect(judgedFigure(1.000127, ratioAtMost1)).toBe('1.0001');
    expect(judgedFigure(0.99996, ratioAtMost1)).toBe('0.99996');
    expect(judgedFigure(200.3, under200ms)).toBe('200.3');
  });
});
