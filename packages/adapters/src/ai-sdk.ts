export { aiSdkTool, aiSdkToolSet } from "./ai-sdk-tool.js";
