import { join } from 'node:path';
import { InvalidBlobKeyError } from '../errors';
import { FileLayout } from './file-layout';

describe('FileLayout', () => {
  const layout = new FileLayout('/data/blobs');

  it('keeps a key under <root>/objects with a data file and a sidecar', () => {
    expect(layout.filesOf('users/u1/video.mp4')).toEqual({
      folder: join('/data/blobs/objects/users/u1'),
      data: join('/data/blobs/objects/users/u1/video.mp4.blob'),
      sidecar: join('/data/blobs/objects/users/u1/video.mp4.blob.json'),
    });
  });

  it('splits a prefix into a folder and the start of the names in it', () => {
    expect(layout.prefixLocation('users/u1/')).toEqual({
      folder: join('/data/blobs/objects/users/u1'),
      namePrefix: '',
    });
    expect(layout.prefixLocation('users/u')).toEqual({ folder: join('/data/blobs/objects/users'), namePrefix: 'u' });
    expect(layout.prefixLocation('u')).toEqual({ folder: join('/data/blobs/objects'), namePrefix: 'u' });
  });

  it('refuses folder names that could collide with its own files, and over-long segments', () => {
    expect(() => layout.filesOf('a.blob/x')).toThrow(InvalidBlobKeyError);
    expect(() => layout.filesOf('a.blob.json/x')).toThrow(InvalidBlobKeyError);
    expect(() => layout.prefixLocation('a.blob/')).toThrow(InvalidBlobKeyError);
    expect(() => layout.filesOf(`a/${'x'.repeat(246)}`)).toThrow(InvalidBlobKeyError);
    expect(() => layout.filesOf('a/x.blob')).not.toThrow();
  });
});
