import { generateImage } from 'ai';
import { AppError } from '../errors';
import { recordAiCall } from '../lib/metrics';
import type { AiModels } from './ai-models';
import { describeAiFailure } from './structured-call';

export const IMAGE_NOT_CONFIGURED =
  'Image generation is not configured. Use AI_PROVIDER=openai, or set AI_IMAGE_MODEL for google or openai-compatible.';

/** An image for the email editor, as bytes (base64) and media type. */
export async function createImage(
  models: AiModels,
  prompt: string,
): Promise<{ mediaType: string; base64: string }> {
  if (!models.image) throw new AppError('not_configured', IMAGE_NOT_CONFIGURED);
  try {
    const result = await generateImage({
      model: models.image,
      prompt,
      n: 1,
      maxRetries: models.settings.maxRetries,
      abortSignal: AbortSignal.timeout(models.settings.timeoutMs),
    });
    recordAiCall(models.metrics, 'image', 'success');
    return { mediaType: result.image.mediaType, base64: result.image.base64 };
  } catch (err) {
    recordAiCall(models.metrics, 'image', 'failure');
    throw new AppError('upstream_failed', describeAiFailure(err));
  }
}
