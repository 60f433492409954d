'use strict';
// Run inside the `jobs` image by check-images.sh: the worker's own modules find ffmpeg and
// a font in the image (no system ffmpeg there: the npm-shipped static builds), render a short clip
// as the non-root user on a read-only root (work files in /tmp), and check it as the worker does.
const { existsSync, mkdtempSync, statSync } = require('node:fs');
const service = '/app/service/dist/integrations';
const { resolveFfmpegBinaries } = require(`${service}/ffmpeg/ffmpeg-binaries.js`);
const { FfmpegInspector } = require(`${service}/ffmpeg/ffmpeg-inspector.js`);
const { findFontFile } = require(`${service}/providers/local/font-file.js`);
const { LocalVideoProvider } = require(`${service}/providers/local/local-provider.js`);

async function main() {
  const binaries = resolveFfmpegBinaries({});
  const fontFile = await findFontFile();
  const provider = new LocalVideoProvider({ ffmpegPath: binaries.ffmpeg.path, fontFile });
  const request = {
    jobId: 'image-check',
    prompt: 'A lighthouse on a stormy coast',
    seed: 7,
    modelId: 'kadr-motion-v1',
    durationSeconds: 1,
    width: 320,
    height: 180,
    quality: 'Lite',
    speed: 'Ultra Fast',
  };
  const context = { workDir: mkdtempSync('/tmp/render-'), onProgress() {}, signal: new AbortController().signal };
  const { videoPath, pictureChecks } = await provider.generate(request, context);
  const inspector = new FfmpegInspector({ ffmpeg: binaries.ffmpeg.path });
  // The worker's view of a local render: the picture checked and the thumbnail cut by the render itself,
  // the file described from its boxes (mp4box.js, render-job.ts) …
  const description = await inspector.describe(videoPath);
  const thumbnailBytes =
    pictureChecks && existsSync(pictureChecks.thumbnailPath) ? statSync(pictureChecks.thumbnailPath).size : 0;
  // … and of any other provider's video: one ffmpeg pass that also cuts the thumbnail (video-probe.ts).
  const inspection = await inspector.inspect(videoPath, `${context.workDir}/inspected.jpg`);
  const ok =
    [description, inspection].every(
      (facts) => facts.codec === 'h264' && facts.width === 320 && Math.abs(facts.durationSeconds - 1) <= 0.1,
    ) &&
    pictureChecks.blackSeconds === inspection.blackSeconds &&
    thumbnailBytes > 0;
  const summary = { ffmpeg: binaries.ffmpeg, fontFile, description, pictureChecks, inspection, thumbnailBytes };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  process.exit(ok && fontFile ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
