"""The LLM writer: the paper's writer, a language model behind a chat backend."""
