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
  /** `name` is an alias (CNAME) of `target`: a TXT question for it is answered with both records, as a resolver does. */
  setCname(name: string, target: string): void;
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

type Question = Parameters<typeof Packet.createResourceFromQuestion>[0];
type Resource = ReturnType<typeof Packet.createResourceFromQuestion>;

/** An answer record for `name`, which may differ from the question's when it went through an alias. */
function record(name: string, type: number, data: Partial<Resource>): Resource {
  // dns2 types a question as the class it parses into; a plain one with the same fields serialises alike.
  const question = { name, type, class: Packet.CLASS.IN } as Question;
  return Packet.createResourceFromQuestion(question, { ttl: 1, ...data });
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
  const aliases = new Map<string, string>();
  const setTxt = (name: string, values: string[]) => table.set(normalize(name), values);
  const setCname = (name: string, target: string) => aliases.set(normalize(name), normalize(target));
  for (const [name, values] of Object.entries(records)) setTxt(name, values);

  const handle: DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    for (const question of request.questions) {
      // A recursive resolver answers for an alias with the CNAME, then the target's records.
      let name = normalize(question.name);
      for (let hops = 0; aliases.has(name) && hops < 8; hops++) {
        const target = aliases.get(name)!;
        response.answers.push(record(name, Packet.TYPE.CNAME, { domain: target }));
        name = target;
      }
      const values = table.get(name);
      if (!values) {
        response.header.rcode = NXDOMAIN;
        continue;
      }
      if (question.type !== Packet.TYPE.TXT && question.type !== Packet.TYPE.ANY) continue;
      for (const value of values) {
        response.answers.push(record(name, Packet.TYPE.TXT, { data: splitCharacterStrings(value) }));
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
    setCname,
    close: async () => {
      const closed = [once(udp, 'close'), new Promise((resolve) => tcp.close(resolve))];
      udp.close();
      await Promise.all(closed);
    },
  };
}
