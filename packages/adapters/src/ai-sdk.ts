export { aiSdkTool, aiSdkToolSet } from "./ai-sdk-tool.js";
export { aiSdkModelOutput, type AiSdkModelOutput } from "./ai-sdk-model-output.js";
