-- Text-to-speech results, so the same text with the same engine and voice is converted once.
CREATE TABLE tts_cache (
  key text PRIMARY KEY,            -- sha256 of engine, voice and the normalised text
  engine text NOT NULL,
  voice text NOT NULL,
  media_key text NOT NULL,         -- storage key of the MP3 (tts/...)
  duration double precision NOT NULL,
  chars int NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tts_cache_last_used ON tts_cache (last_used_at);
