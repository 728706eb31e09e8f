# smbdirectd: build (the verbs provider loads rdma-core at run time: no headers needed
# here), run slim as a non-root user with rdma-core installed.
#
#   docker build -t smbdirectd .
#   docker run --rm --network host \
#     --cap-drop ALL --cap-add IPC_LOCK --cap-add NET_BIND_SERVICE \
#     --ulimit memlock=-1 \
#     -v /srv/smb:/srv/smb -v /etc/smbdirectd:/etc/smbdirectd:ro \
#     smbdirectd serve --config /etc/smbdirectd/smbdirectd.toml
#
# RDMA NICs also need the device nodes: --device /dev/infiniband.

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
# scripts/build-release is the exact command the tests run to check this stage.
RUN scripts/build-release /out

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      rdma-core ibverbs-providers libibverbs1 librdmacm1 libcap2-bin ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home-dir /var/lib/smbdirectd --create-home --shell /usr/sbin/nologin smbdirectd \
 && mkdir -p /etc/smbdirectd /srv/smb \
 && chown smbdirectd:smbdirectd /srv/smb
COPY --from=build /out/smbdirectd /usr/local/bin/smbdirectd
COPY config/smbdirectd.toml /etc/smbdirectd/smbdirectd.toml.example
# Locked memory for registered buffers and port 445: the
# only privileges it needs, granted to the binary so the process runs unprivileged.
RUN setcap cap_ipc_lock,cap_net_bind_service+ep /usr/local/bin/smbdirectd
USER smbdirectd
WORKDIR /var/lib/smbdirectd
EXPOSE 445/tcp 5445/tcp 9450/tcp
ENTRYPOINT ["/usr/local/bin/smbdirectd"]
CMD ["serve", "--config", "/etc/smbdirectd/smbdirectd.toml"]
