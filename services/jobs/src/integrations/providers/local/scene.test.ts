import { meanAbsDiff, rawRgbFrame } from '../../../../test/helpers/raw-frames';
import { ffmpegGradientLine, vignetteLayer } from './scene';

/** The first frame a filter graph (output `[v]`) draws, as raw RGB bytes. */
const frameOf = (graph: string): Promise<Buffer> => rawRgbFrame(['-filter_complex', graph, '-map', '[v]']);

describe('the scene draws what the per-frame filters it replaces drew', () => {
  it('finds the gradient line ffmpeg picks from a seed (the same picture as before it was drawn small)', async () => {
    for (const seed of [1, 578_491, 999_999]) {
      const options = `s=640x360:n=4:c0=0x148e22:c1=0x109fb4:c2=0xdd105e:c3=0x2919ae:type=1:speed=0.02`;
      const [x0, y0, x1, y1] = ffmpegGradientLine(seed, 640, 360);
      const [fromSeed, fromLine] = await Promise.all([
        frameOf(`gradients=${options}:seed=${seed},format=rgb24[v]`),
        frameOf(`gradients=${options}:x0=${x0}:y0=${y0}:x1=${x1}:y1=${y1},format=rgb24[v]`),
      ]);
      expect(fromLine.equals(fromSeed)).toBe(true);
    }
  }, 30_000);

  it('darkens the picture as the vignette filter does, with one layer laid over it', async () => {
    const picture = 'testsrc2=s=320x180:r=24:d=1,format=yuv420p';
    const [filtered, layered] = await Promise.all([
      frameOf(`${picture},vignette=PI/5:dither=0[v]`),
      frameOf(`${picture}[p];${vignetteLayer(320, 180, 24)};[p][vignette]overlay,format=yuv420p[v]`),
    ]);
    expect(meanAbsDiff(filtered, layered)).toBeLessThan(1.5);
    // A real difference to tell apart: the vignette changes the picture far more than that.
    const plain = await frameOf(`${picture}[v]`);
    expect(meanAbsDiff(filtered, plain)).toBeGreaterThan(3);
  }, 30_000);
});
