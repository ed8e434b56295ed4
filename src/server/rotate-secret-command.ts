import { loadMasterSecret } from './auth/secret-key';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { rotateSecretKey, SecretRotationError } from './services/rotate-secret-key';

/**
 * `node dist/server/main.js rotate-secret`: re-encrypts the stored provider tokens from
 * OLD_SECRET_KEY to SECRET_KEY. Run it with every Tailor process stopped (the embedded database
 * refuses a second process anyway), then start them with the new SECRET_KEY. Returns the exit code.
 */
export async function rotateSecretCommand(config: Config): Promise<number> {
  if (!config.oldSecretKey || !config.secretKey) {
    console.error(
      'rotate-secret needs OLD_SECRET_KEY (the key in use until now) and SECRET_KEY (the new key).',
    );
    return 2;
  }
  const newSecret = loadMasterSecret({
    secretKey: config.secretKey,
    dataDir: config.dataDir,
    isProduction: config.isProduction,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  });
  try {
    await database.migrate();
    const { reencrypted, alreadyCurrent } = await rotateSecretKey(database.db, {
      oldSecret: Buffer.from(config.oldSecretKey, 'utf8'),
      newSecret,
    });
    console.log(
      `Re-encrypted ${reencrypted} value(s) with the new SECRET_KEY (${alreadyCurrent} already used it). ` +
        'Start Tailor with the new SECRET_KEY now.',
    );
    return 0;
  } catch (err) {
    if (!(err instanceof SecretRotationError)) throw err;
    console.error(`rotate-secret failed: ${err.message}`);
    return 1;
  } finally {
    await database.close();
  }
}
