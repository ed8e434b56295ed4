import { once } from 'node:events';
import {
  createTCPServer,
  createUDPServer,
  type DnsHandler,
  Packet,
  type TCPServer,
  type UDPServer,
} from 'dns2';

export type FakeDns = {
  address: string;
  port: number;
  /** Value for DNS_SERVERS, e.g. "127.0.0.1:5353". */
  server: string;
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
};

// dns2's typings don't expose Packet.RCODE.
const NXDOMAIN = 3;
const MAX_CHARACTER_STRING = 255;

const normalize = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** RFC 1035 character-strings hold at most 255 octets; longer TXT values become several strings in one record. */
function splitCharacterStrings(value: string): string[] {
  const chunks: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of value) {
    const size = Buffer.byteLength(char);
    if (bytes + size > MAX_CHARACTER_STRING) {
      chunks.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  chunks.push(current);
  return chunks;
}

async function listenBoth(handle: DnsHandler): Promise<{ udp: UDPServer; tcp: TCPServer; port: number }> {
  // Resolvers retry truncated UDP answers over TCP on the same port, so both must share one; a random UDP
  // port may be taken for TCP, hence the retries.
  for (let attempt = 0; ; attempt++) {
    const udp = createUDPServer(handle);
    await udp.listen(0, '127.0.0.1');
    const { port } = udp.address();
    const tcp = createTCPServer(handle);
    try {
      tcp.listen(port, '127.0.0.1');
      await once(tcp, 'listening');
      return { udp, tcp, port };
    } catch (err) {
      udp.close();
      if (attempt >= 10) throw err;
    }
  }
}

export async function startFakeDns(records: Record<string, string[]> = {}): Promise<FakeDns> {
  const table = new Map<string, string[]>();
  const setTxt = (name: string, values: string[]) => table.set(normalize(name), values);
  for (const [name, values] of Object.entries(records)) setTxt(name, values);

  const handle: DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    for (const question of request.questions) {
      const values = table.get(normalize(question.name));
      if (!values) {
        response.header.rcode = NXDOMAIN;
        continue;
      }
      if (question.type !== Packet.TYPE.TXT && question.type !== Packet.TYPE.ANY) continue;
      for (const value of values) {
        response.answers.push(
          Packet.createResourceFromQuestion(question, {
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data: splitCharacterStrings(value),
          }),
        );
      }
    }
    void send(response).catch(() => {});
  };

  const { udp, tcp, port } = await listenBoth(handle);
  return {
    address: '127.0.0.1',
    port,
    server: `127.0.0.1:${port}`,
    setTxt,
    close: async () => {
      const closed = [once(udp, 'close'), new Promise((resolve) => tcp.close(resolve))];
      udp.close();
      await Promise.all(closed);
    },
  };
}
