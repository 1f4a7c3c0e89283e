import { describe, expect, it } from 'vitest';
import { displayCommand, listeningSockets, processName, userName } from './port-holder.js';

describe('finding what holds a port', () => {
  it('reads the listening sockets of a port from /proc/net/tcp and tcp6', () => {
    const tcp = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:223F 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4242 1 0000000000000000 100 0 0 10 0',
      '   1: 0100007F:223F 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 5555 1 0000000000000000 20 4 30 10 -1',
      '   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 777 1 0000000000000000 100 0 0 10 0'
    ].join('\n');
    expect(listeningSockets(tcp, 8767)).toEqual([{ inode: '4242', uid: 1000 }]);
    expect(listeningSockets(tcp, 8080)).toEqual([{ inode: '777', uid: 0 }]);
    const tcp6 = [
      '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 00000000000000000000000001000000:223F 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 9191 1 0000000000000000 100 0 0 10 0'
    ].join('\n');
    expect(listeningSockets(tcp6, 8767)).toEqual([{ inode: '9191', uid: 1000 }]);
    expect(listeningSockets('', 8767)).toEqual([]);
  });

  it('shows a command line without the values of secret-looking arguments', () => {
    expect(displayCommand(['python3', '-m', 'http.server', '8767'])).toBe('python3 -m http.server 8767');
    expect(displayCommand(['jupyter-lab', '--IdentityProvider.token=s3cret', '--port', '8767'])).toBe(
      'jupyter-lab --IdentityProvider.token=… --port 8767'
    );
    expect(displayCommand(['app', '--api-key', 's3cret', 'x'])).toBe('app --api-key … x');
    expect(displayCommand(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])).toBe('a b c d e f …');
  });

  it('names a process as ps does, or by its command where Node 24 gave its main thread a name of its own', () => {
    expect(processName('node', ['node', 'server.js'])).toBe('node');
    expect(processName('MainThread', ['/opt/node-24/bin/node', 'server.js'])).toBe('node');
    // A script run by its interpreter is named after the script; comm is cut at 15 characters.
    expect(processName('jupyter-lab', ['/usr/bin/python3', '/usr/bin/jupyter-lab', '--port', '8767'])).toBe('jupyter-lab');
    expect(processName('jupyter-noteboo', ['/usr/bin/python3', '/usr/local/bin/jupyter-notebook'])).toBe('jupyter-noteboo');
    // A program that rewrote its title.
    expect(processName('nginx', ['nginx: master process /usr/sbin/nginx'])).toBe('nginx');
    expect(processName('', ['/usr/bin/socat', 'TCP-LISTEN:8767'])).toBe('socat');
    expect(processName('', [])).toBe('?');
  });

  it('names the user of a uid', () => {
    expect(userName('root:x:0:0:root:/root:/bin/bash\nada:x:1000:1000::/home/ada:/bin/sh\n', 1000)).toBe('ada');
    expect(userName('', 1001)).toBe('uid 1001');
  });
});
