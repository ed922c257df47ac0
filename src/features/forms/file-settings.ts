import { z } from 'zod';

/** The highest upload limit the Files tab takes, in MB: what a proxy in front must let through. */
export const largestUploadLimitMb = 1024;

/**
 * Where the files sent with form entries are kept, and how much one submission may carry (the
 * admin's Files tab). The database is the default, so every instance of a site on PostgreSQL
 * reaches every file; S3-compatible object storage is the choice for sites with many or large
 * files. The secret key never leaves the server: the admin shows whether it is set.
 */
export const fileSettingsSchema = z.object({
  /** The combined size of all files of one submission, in MB (seed §5's post_max_size). */
  uploadLimitMb: z.number().min(1).max(largestUploadLimitMb).default(64),
  storage: z.enum(['database', 's3']).default('database'),
  /** An S3-compatible service's address; empty for Amazon S3 itself. */
  s3Endpoint: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  s3Region: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{0,40}$/, 'Use a region name such as us-east-1 or auto.')
    .default('us-east-1'),
  s3Bucket: z
    .string()
    .trim()
    .regex(
      /^(?:[a-z0-9][a-z0-9.-]{1,61}[a-z0-9])?$/,
      'Use the bucket’s name: 3 to 63 lower-case letters, digits, dots or hyphens.',
    )
    .default(''),
  s3AccessKeyId: z.string().trim().max(200).default(''),
  s3SecretAccessKey: z.string().trim().max(200).default(''),
});

export type FileSettings = z.output<typeof fileSettingsSchema>;

export const fileSettingsKey = 'files';

/** The settings that are secrets: shown to nobody, kept when a save leaves them empty. */
export const secretFileSettings = ['s3SecretAccessKey'] as const;
