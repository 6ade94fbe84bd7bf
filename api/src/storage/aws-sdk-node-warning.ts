/**
 * The AWS SDK for JavaScript (v3) prints `NodeVersionSupportWarning` from every client it builds on
 * Node below 22 ("versions published after the first week of January 2027 will require node >=22";
 * aws/aws-sdk-js-v3#7983): on our documented Node 20 that is every start of an instance with S3. The
 * lockfile pins the SDK, so the warning says nothing an operator can act on at run time. This sets the
 * SDK's own switch for that one warning, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true (read by
 * @aws-sdk/core when a client is built), unless the environment already sets it (an operator who wants
 * the warning sets it to `false`). Every other warning of the process is printed as before.
 * Call before `new S3Client(...)`; `env` is the process environment (a parameter for tests).
 */
export function silenceAwsNodeVersionWarning(env: NodeJS.ProcessEnv = process.env): void {
  if (env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED === undefined) env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}
