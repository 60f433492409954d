import { randomUUID } from 'node:crypto';
import { DeleteBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { S3BlobStore } from '../src';

describeWithRealServer('s3', 'S3BlobStore.ensureBucket against a real server', (target) => {
  it('creates a missing bucket and accepts one that exists', async () => {
    const bucket = `kadr-ensure-${randomUUID().slice(0, 8)}`;
    const store = new S3BlobStore({ ...target, bucket });
    const client = new S3Client({
      endpoint: target.endpoint,
      region: target.region,
      forcePathStyle: target.forcePathStyle,
      credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    });
    try {
      await store.ensureBucket();
      await store.ensureBucket();
      await expect(client.send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
    } finally {
      await client.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
      client.destroy();
      store.close();
    }
  });
});
