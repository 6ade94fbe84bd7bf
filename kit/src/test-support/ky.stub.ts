// Jest stand-in for `ky` (ES module only). Render tests never reach the network.
const ky = {
  create: () => () => Promise.reject(new Error('network is not available in render tests')),
};
export default ky;
