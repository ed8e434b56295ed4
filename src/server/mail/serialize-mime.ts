import { Encoder as Base64Encoder } from 'nodemailer/lib/base64';
import type MimeNode from 'nodemailer/lib/mime-node';
import { Encoder as QpEncoder } from 'nodemailer/lib/qp';

/** The parts of a MimeNode this module reads that nodemailer's type declarations leave out. */
type NodeInternals = MimeNode & {
  _raw?: unknown;
  _transforms?: unknown[];
  _processFuncs?: unknown[];
};

/**
 * Writes a compiled MailComposer tree out in one synchronous pass: the same bytes `build()`
 * produces (serialize-mime.test.ts checks that on random messages), without build()'s stream per
 * part. Each part's headers come from nodemailer's own `buildHeaders()` and its body from
 * nodemailer's own encoders; only the walk is ours. build() pipes every part through a chain of
 * streams with a pipeline, an AbortController and a setImmediate per step, which was most of a
 * send's CPU time. Trees this does not handle the same way as build() (raw parts, stream or file
 * contents, transforms, line-ending conversion) are refused rather than written differently.
 */
export function serializeMime(root: MimeNode): Buffer {
  const node = root as NodeInternals;
  if (node._transforms?.length || node._processFuncs?.length || node.newline)
    throw new Error('serializeMime: transforms and newline conversion are not supported');
  const chunks: Buffer[] = [];
  writeNode(node, chunks);
  const message = Buffer.concat(chunks);
  // build() ends the message with a line break (nodemailer's LastNewline).
  const lastByte = message[message.length - 1];
  if (lastByte === 0x0a) return message;
  return Buffer.concat([message, Buffer.from(lastByte === 0x0d ? '\n' : '\r\n')]);
}

function writeNode(node: NodeInternals, chunks: Buffer[]) {
  if (node._raw !== undefined && node._raw !== null && node._raw !== false)
    throw new Error('serializeMime: raw parts are not supported');
  chunks.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  if (node.content) chunks.push(encodedContent(node));
  if (!node.multipart) return;
  node.childNodes.forEach((child, i) => {
    chunks.push(Buffer.from(`${i > 0 ? '\r\n' : ''}--${node.boundary}\r\n`));
    writeNode(child as NodeInternals, chunks);
  });
  chunks.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
}

function encodedContent(node: NodeInternals): Buffer {
  const { content } = node;
  if (typeof content !== 'string' && !Buffer.isBuffer(content))
    throw new Error('serializeMime: only string and Buffer contents are supported');
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const transferEncoding = node.getTransferEncoding();
  if (transferEncoding === 'base64') return runEncoder(new Base64Encoder(), bytes);
  if (transferEncoding === 'quoted-printable')
    // As build() does: outside text/*, a lone CR or LF is data and is encoded.
    return runEncoder(new QpEncoder({ binary: !/^text\//i.test(node.contentType ?? '') }), bytes);
  return bytes;
}

/**
 * nodemailer's encoders are synchronous transforms, but a stream holds back the rest of its input
 * once 16 KB of output wait to be read: so the output is read as it comes, which lets the whole
 * input through and the flush run within this call. Checked rather than assumed, so a Node or
 * nodemailer release that changes that fails loudly instead of sending a short part.
 */
function runEncoder(encoder: QpEncoder | Base64Encoder, input: Buffer): Buffer {
  let flushed = false;
  const flush = encoder._flush.bind(encoder);
  encoder._flush = (done) =>
    flush((err) => {
      flushed = true;
      done(err);
    });
  encoder.end(input);
  const output: Buffer[] = [];
  for (let chunk = encoder.read(); chunk !== null; chunk = encoder.read()) output.push(chunk);
  if (!flushed) throw new Error('serializeMime: the encoder did not finish synchronously');
  return Buffer.concat(output);
}
